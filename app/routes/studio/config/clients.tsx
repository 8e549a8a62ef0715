import { Building2, ExternalLink, Pencil, Plus, Trash2, UserRoundCog } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { ClientForm, EMPTY_CLIENT } from "../../../components/studio/client-form.tsx";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, tableUrl, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import {
  DropdownMenuItem,
  DropdownMenuLinkItem,
  DropdownMenuSeparator,
  RowActions,
} from "../../../components/ui/dropdown-menu.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { showToast, useToastFromData } from "../../../components/ui/toast.ts";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import { resultFor } from "../../../lib/forms.ts";
import { useT } from "../../../lib/i18n.tsx";
import { CLIENT_STATUSES } from "../../../../core/tenancy/tenancy-types.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/clients.ts";
import { clientListAction, clientListCsv, loadClientList } from "./clients.server.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { CLIENTS_PATH, DELETED_PARAM, exportHref } from "./list-helpers.ts";

/** `?format=csv` answers with the export instead of the page (after the guard has let a super admin in). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? clientListCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.clients.title", "Clients") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadClientList(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return clientListAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const NEW_PARAM = "new";

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const impersonation = useFetcher({ key: "clients-impersonate" });
  const hydrated = useHydrated();
  const [creating, setCreating] = useState(params.get(NEW_PARAM) === "1");
  const [createAttempt, setCreateAttempt] = useState(0);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // A refused impersonation answers with a toast (a success navigates to the client).
  useToastFromData(impersonation.state === "idle" ? impersonation.data : undefined);

  // Back from a deleted client's page: say so once, then drop the parameter.
  const announceDeleted = useEffectEvent((name: string) => {
    showToast("success", t("studio.clients.toast.deleted", { name }));
    void navigate(
      { search: tableUrl(params, { [DELETED_PARAM]: null }) },
      { replace: true, preventScrollReset: true },
    );
  });
  useEffect(() => {
    if (loaderData.deleted) announceDeleted(loaderData.deleted);
  }, [loaderData.deleted]);

  const openCreate = () => {
    setCreateAttempt((n) => n + 1);
    setCreating(true);
  };

  const impersonate = (row: Row) =>
    void impersonation.submit(
      { intent: "start", clientId: row.id },
      { method: "post", action: "/studio/session/impersonation" },
    );

  const newClient = hydrated ? (
    <Button onClick={openCreate}>
      <Plus aria-hidden="true" />
      {t("studio.clients.new")}
    </Button>
  ) : (
    <LinkButton to={`?${NEW_PARAM}=1`} variant="primary">
      <Plus aria-hidden="true" />
      {t("studio.clients.new")}
    </LinkButton>
  );

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("studio.clients.col.name"),
      sortable: true,
      cell: (row) => (
        <Link
          to={`${CLIENTS_PATH}/${row.id}`}
          className="font-medium text-slate-900 underline-offset-4 hover:underline dark:text-white"
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: "slug",
      header: t("studio.clients.col.slug"),
      sortable: true,
      cell: (row) => <code className="text-xs text-slate-700 dark:text-slate-300">{row.slug}</code>,
    },
    {
      key: "status",
      header: t("studio.clients.col.status"),
      sortable: true,
      cell: (row) => (
        <Badge tone={row.status === "active" ? "primary" : "warning"}>
          {t(`studio.clients.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: "contactEmail",
      header: t("studio.clients.col.contactEmail"),
      className: "max-w-64 truncate",
      cell: (row) =>
        row.contactEmail ? (
          <a
            href={`mailto:${row.contactEmail}`}
            className="text-slate-700 underline-offset-4 hover:underline dark:text-slate-300"
          >
            {row.contactEmail}
          </a>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">—</span>
        ),
    },
    {
      key: "members",
      header: t("studio.clients.col.members"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.memberCount,
    },
    {
      key: "createdAt",
      header: t("studio.clients.col.created"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.createdAt} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.clients.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.name}>
          <DropdownMenuLinkItem to={`${CLIENTS_PATH}/${row.id}`}>
            <Building2 aria-hidden="true" />
            {t("studio.clients.action.open")}
          </DropdownMenuLinkItem>
          <DropdownMenuLinkItem to={`${CLIENTS_PATH}/${row.id}#details`}>
            <Pencil aria-hidden="true" />
            {t("studio.clients.action.edit")}
          </DropdownMenuLinkItem>
          {row.slug ? (
            <DropdownMenuLinkItem to={`/studio/${row.slug}`}>
              <ExternalLink aria-hidden="true" />
              {t("studio.clients.action.clientPage")}
            </DropdownMenuLinkItem>
          ) : null}
          <DropdownMenuItem onSelect={() => impersonate(row)}>
            <UserRoundCog aria-hidden="true" />
            {t("studio.clients.action.impersonate")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
            <Trash2 aria-hidden="true" />
            {t("studio.clients.action.delete")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  // Without JavaScript there is no dialog: "New client" opens the form on the page itself.
  const inlineCreate =
    !hydrated && (params.get(NEW_PARAM) === "1" || resultFor(actionData, "create")?.status === "error");

  return (
    <div>
      <PageHeader
        title={t("studio.clients.title")}
        description={t("studio.clients.description")}
        actions={newClient}
      />

      {inlineCreate ? (
        <section
          aria-labelledby="create-heading"
          className="mb-8 max-w-2xl rounded-xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <h2 id="create-heading" className="mb-4 text-lg font-semibold">
            {t("studio.clients.form.createTitle")}
          </h2>
          <ClientForm
            mode="create"
            action={CLIENTS_PATH}
            defaults={EMPTY_CLIENT}
            fetcherKey="client-create-inline"
            documentResult={actionData}
          />
        </section>
      ) : null}

      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.clients.caption")}
        searchPlaceholder={t("studio.clients.searchPlaceholder")}
        filters={[
          {
            name: "status",
            label: t("studio.clients.filter.status"),
            options: CLIENT_STATUSES.map((status) => ({
              value: status,
              label: t(`studio.clients.status.${status}`),
            })),
          },
        ]}
        emptyTitle={t("studio.clients.empty")}
        emptyHint={t("studio.clients.emptyHint")}
        emptyAction={newClient}
        exportHref={exportHref(params)}
      />

      <Dialog
        open={creating && hydrated}
        onOpenChange={(open) => {
          setCreating(open);
          if (!open && params.has(NEW_PARAM))
            void navigate({ search: tableUrl(params, { [NEW_PARAM]: null }) }, { replace: true });
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("studio.clients.form.createTitle")}</DialogTitle>
            <DialogDescription>{t("studio.clients.form.createDescription")}</DialogDescription>
          </DialogHeader>
          <ClientForm
            mode="create"
            action={CLIENTS_PATH}
            defaults={EMPTY_CLIENT}
            fetcherKey={`client-create-${createAttempt}`}
            onSaved={(saved) => {
              setCreating(false);
              // Straight on to the new client's page: invite its people there.
              if (saved) void navigate(`${CLIENTS_PATH}/${saved.clientId}`);
            }}
            secondary={
              <DialogClose asChild>
                <Button variant="outline">{t("studio.clients.form.cancel")}</Button>
              </DialogClose>
            }
          />
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("studio.clients.delete.title", { name: deleting?.name ?? "" })}
        description={t("studio.clients.delete.description", { count: deleting?.memberCount ?? 0 })}
        confirmLabel={t("studio.clients.delete.confirm")}
        action={CLIENTS_PATH}
        fields={{ intent: "delete", clientId: deleting?.id ?? "", name: deleting?.name ?? "" }}
      />
    </div>
  );
}
