import { Pencil, Plus, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { Form, useSearchParams } from "react-router";
import { GRANT_STATUSES, type GrantStatus } from "../../../../core/country-access/country-access-schemas.ts";
import {
  GrantDatesForm,
  GrantForm,
  type GrantDates,
} from "../../../components/studio/country-access-forms.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
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
  DropdownMenuSeparator,
  RowActions,
} from "../../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/country-access.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { CLIENT_PARAM, COUNTRY_ACCESS_PATH } from "./country-access-paths.ts";
import { countryAccessAction, countryAccessCsv, loadCountryAccess } from "./country-access.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? countryAccessCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.countryAccess.title", "Country access") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCountryAccess(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return countryAccessAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];
type ClientData = Extract<Data, { kind: "client" }>;
type Row = ClientData["rows"][number];

const STATUS_TONE: Record<GrantStatus, BadgeTone> = {
  active: "primary",
  upcoming: "info",
  expired: "neutral",
};

export default function CountryAccess({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <PageHeader
        title={t("studio.countryAccess.title")}
        description={t("studio.countryAccess.description")}
      />
      {loaderData.canEdit ? (
        <ClientChooser
          clients={loaderData.clients}
          current={loaderData.kind === "client" ? loaderData.client.id : ""}
        />
      ) : null}
      {loaderData.kind === "client" ? (
        <ClientGrants data={loaderData} />
      ) : (
        <EmptyState
          icon={Users}
          title={t("studio.countryAccess.noClient.title")}
          hint={t(
            loaderData.canEdit
              ? "studio.countryAccess.noClient.hint"
              : "studio.countryAccess.noClient.hintMember",
          )}
        />
      )}
    </div>
  );
}

/** A super admin's choice of client: a GET form, so the choice lives in the URL (?clientId=). */
function ClientChooser({ clients, current }: { clients: Data["clients"]; current: string }) {
  const t = useT();
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
      <Field label={t("studio.countryAccess.client")} id="country-access-client" className="min-w-64">
        <Select
          id="country-access-client"
          name={CLIENT_PARAM}
          defaultValue={current}
          key={current}
          placeholder={t("studio.countryAccess.clientPlaceholder")}
          options={clients}
        />
      </Field>
      <Button type="submit" variant="outline">
        {t("studio.countryAccess.showClient")}
      </Button>
    </Form>
  );
}

function ClientGrants({ data }: { data: ClientData }) {
  const t = useT();
  const intl = useIntl();
  const names = useDisplayNames();
  /** A calendar day ("2026-03-12") in the reader's language, as a day: no zone shifts it. */
  const day = (value: string) =>
    intl.formatDate(new Date(`${value}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const targetName = (row: Row) =>
    row.kind === "country" ? names.country(row.targetId, row.targetName) : row.targetName;
  const [params] = useSearchParams();
  const [granting, setGranting] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ grant: GrantDates; name: string; attempt: number } | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [attempts, setAttempts] = useState(0);
  const next = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };
  // Posts go to the page with the chosen client, so the answer reloads the same client's grants.
  const action = `${COUNTRY_ACCESS_PATH}?${CLIENT_PARAM}=${data.client.id}`;
  const grantButton = data.canEdit ? (
    <Button onClick={() => setGranting(next())}>
      <Plus aria-hidden="true" />
      {t("studio.countryAccess.grant")}
    </Button>
  ) : null;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "target",
      header: t("studio.countryAccess.col.target"),
      sortable: true,
      cell: (row) => (
        <div>
          <span className="font-medium">{targetName(row)}</span>{" "}
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {t(
              row.kind === "country"
                ? "studio.countryAccess.kind.country"
                : "studio.countryAccess.kind.bundle",
            )}
          </span>
        </div>
      ),
    },
    {
      key: "countries",
      header: t("studio.countryAccess.col.countries"),
      cell: (row) => <span className="font-mono">{row.countries.join(", ")}</span>,
    },
    {
      key: "validFrom",
      header: t("studio.countryAccess.col.validFrom"),
      sortable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => <time dateTime={row.validFrom}>{day(row.validFrom)}</time>,
    },
    {
      key: "validUntil",
      header: t("studio.countryAccess.col.validUntil"),
      sortable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (row) =>
        row.validUntil ? (
          <time dateTime={row.validUntil}>{day(row.validUntil)}</time>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t("studio.countryAccess.openEnded")}</span>
        ),
    },
    {
      key: "status",
      header: t("studio.countryAccess.col.status"),
      cell: (row) => (
        <Badge tone={STATUS_TONE[row.status]}>{t(`studio.countryAccess.status.${row.status}`)}</Badge>
      ),
    },
    ...(data.canEdit
      ? [
          {
            key: "actions",
            header: <span className="sr-only">{t("studio.countryAccess.col.actions")}</span>,
            align: "end" as const,
            cell: (row: Row) => (
              <RowActions label={targetName(row)}>
                <DropdownMenuItem
                  onSelect={() =>
                    setEditing({
                      grant: { grantId: row.id, validFrom: row.validFrom, validUntil: row.validUntil },
                      name: targetName(row),
                      attempt: next(),
                    })
                  }
                >
                  <Pencil aria-hidden="true" />
                  {t("studio.countryAccess.action.edit")}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem tone="danger" onSelect={() => setRevoking(row)}>
                  <Trash2 aria-hidden="true" />
                  {t("studio.countryAccess.action.revoke")}
                </DropdownMenuItem>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <section aria-labelledby="granted-today" className="mb-6">
        <h2 id="granted-today" className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("studio.countryAccess.today", { client: data.client.name, day: data.today })}
        </h2>
        {data.granted.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t("studio.countryAccess.todayList")}>
            {data.granted.map((code) => (
              <li key={code}>
                <Badge tone="primary" className="font-mono">
                  {code}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.countryAccess.todayNone")}</p>
        )}
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t("studio.countryAccess.todayNote")}
        </p>
      </section>
      <section aria-labelledby="grants-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="grants-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t("studio.countryAccess.grants")}
          </h2>
          {grantButton}
        </div>
        <DataTable
          columns={columns}
          rows={data.rows}
          rowKey={(row) => row.id}
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          sort={data.sort}
          caption={t("studio.countryAccess.caption", { client: data.client.name })}
          search={false}
          filters={[
            {
              name: "status",
              label: t("studio.countryAccess.filter.status"),
              options: GRANT_STATUSES.map((status) => ({
                value: status,
                label: t(`studio.countryAccess.status.${status}`),
              })),
            },
          ]}
          emptyTitle={t("studio.countryAccess.empty")}
          emptyHint={t(
            data.canEdit ? "studio.countryAccess.emptyHint" : "studio.countryAccess.emptyHintMember",
          )}
          emptyAction={grantButton}
          exportHref={exportHref(params)}
        />
      </section>
      <Dialog open={granting !== null} onOpenChange={(open) => (open ? null : setGranting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t("studio.countryAccess.form.grantTitle", { client: data.client.name })}
            </DialogTitle>
            <DialogDescription>{t("studio.countryAccess.form.grantDescription")}</DialogDescription>
          </DialogHeader>
          {granting !== null ? (
            <GrantForm
              action={action}
              fetcherKey={`grant-${granting}`}
              clientId={data.client.id}
              today={data.today}
              targets={data.targets}
              onSaved={() => setGranting(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.countryAccess.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t("studio.countryAccess.form.editTitle", { name: editing?.name ?? "" })}
            </DialogTitle>
            <DialogDescription>{t("studio.countryAccess.form.editDescription")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <GrantDatesForm
              action={action}
              fetcherKey={`grant-dates-${editing.attempt}`}
              grant={editing.grant}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.countryAccess.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
      {data.canEdit ? (
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t("studio.countryAccess.revoke.title", { name: revoking ? targetName(revoking) : "" })}
          description={t("studio.countryAccess.revoke.description", {
            client: data.client.name,
            countries: revoking ? intl.formatList(revoking.countries.map((code) => names.country(code))) : "",
          })}
          confirmLabel={t("studio.countryAccess.action.revoke")}
          action={action}
          fields={{ intent: "revoke", grantId: revoking?.id ?? "" }}
        />
      ) : null}
    </>
  );
}
