import { Building2, ExternalLink, Pencil, Trash2, UserRoundCog } from "lucide-react";
import { useEffect, useEffectEvent } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { tableUrl } from "../../../components/ui/data-table.tsx";
import { DropdownMenuLinkItem } from "../../../components/ui/dropdown-menu.tsx";
import { showToast, useToastFromData } from "../../../components/ui/toast.ts";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { CLIENT_STATUSES } from "../../../../core/tenancy/tenancy-types.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import { choiceFilter, numberColumn, timeColumn } from "../table-kinds.tsx";
import type { Route } from "./+types/clients.ts";
import {
  CreateClientDialog,
  InlineCreateClient,
  NewClientButton,
  useCreateClient,
} from "./clients-create.tsx";
import { clientListAction, clientListCsv, loadClientList } from "./clients.server.ts";
import { CLIENTS_PATH, DELETED_PARAM } from "./list-helpers.ts";

/** `?format=csv` answers with the export instead of the page (after the guard has let a super admin in). */
export const middleware: Route.MiddlewareFunction[] = csvMiddleware(clientListCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.clients.title", "Clients") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadClientList(request, context);
export const action = ({ request, context }: Route.ActionArgs) => clientListAction(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function useClientColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  return [
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
    numberColumn("members", t("studio.clients.col.members"), (row) => row.memberCount, { sortable: true }),
    timeColumn("createdAt", t("studio.clients.col.created"), (row) => row.createdAt, { sortable: true }),
  ];
}

/** A row's menu: open, edit, the client's own page, act as the client, delete. */
function ClientActions({
  row,
  impersonate,
  remove,
}: {
  row: Row;
  impersonate: (row: Row) => void;
  remove: (row: Row) => void;
}) {
  const t = useT();
  return (
    <List.RowActions label={row.name}>
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
      <List.RowAction icon={UserRoundCog} onSelect={() => impersonate(row)}>
        {t("studio.clients.action.impersonate")}
      </List.RowAction>
      <List.RowActionsSeparator />
      <List.RowAction icon={Trash2} tone="danger" onSelect={() => remove(row)}>
        {t("studio.clients.action.delete")}
      </List.RowAction>
    </List.RowActions>
  );
}

/** Back from a deleted client's page (`?deleted=<name>`): say so once, then drop the parameter. */
function useDeletedToast(deleted: string | null) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const announceDeleted = useEffectEvent((name: string) => {
    showToast("success", t("studio.clients.toast.deleted", { name }));
    void navigate(
      { search: tableUrl(params, { [DELETED_PARAM]: null }) },
      { replace: true, preventScrollReset: true },
    );
  });
  useEffect(() => {
    if (deleted) announceDeleted(deleted);
  }, [deleted]);
}

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const impersonation = useFetcher({ key: "clients-impersonate" });
  const creating = useCreateClient(actionData);
  const deleting = List.useRowDialog<Row>();
  // A refused impersonation answers with a toast (a success navigates to the client).
  useToastFromData(impersonation.state === "idle" ? impersonation.data : undefined);
  useDeletedToast(loaderData.deleted);

  const impersonate = (row: Row) =>
    void impersonation.submit(
      { intent: "start", clientId: row.id },
      { method: "post", action: "/studio/session/impersonation" },
    );
  const newClient = <NewClientButton creating={creating} />;
  const columns = [
    ...useClientColumns(),
    List.actionsColumn<Row>(t("studio.clients.col.actions"), (row) => (
      <ClientActions row={row} impersonate={impersonate} remove={deleting.open} />
    )),
  ];

  return (
    <List.ListPage
      title={t("studio.clients.title")}
      description={t("studio.clients.description")}
      actions={newClient}
    >
      {creating.inline ? <InlineCreateClient actionData={actionData} /> : null}
      <List.ListTable
        data={loaderData}
        columns={columns}
        caption={t("studio.clients.caption")}
        searchPlaceholder={t("studio.clients.searchPlaceholder")}
        filters={[
          choiceFilter("status", t("studio.clients.filter.status"), CLIENT_STATUSES, (status) =>
            t(`studio.clients.status.${status}`),
          ),
        ]}
        emptyTitle={t("studio.clients.empty")}
        emptyHint={t("studio.clients.emptyHint")}
        emptyAction={newClient}
        csv
      />
      <CreateClientDialog creating={creating} />
      <List.ConfirmDialog
        {...deleting.dialog}
        title={t("studio.clients.delete.title", { name: deleting.row?.name ?? "" })}
        description={t("studio.clients.delete.description", { count: deleting.row?.memberCount ?? 0 })}
        confirmLabel={t("studio.clients.delete.confirm")}
        action={CLIENTS_PATH}
        fields={{ intent: "delete", clientId: deleting.row?.id ?? "", name: deleting.row?.name ?? "" }}
      />
    </List.ListPage>
  );
}
