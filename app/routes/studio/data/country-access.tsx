import { Pencil, Trash2, Users } from "lucide-react";
import { useIntl } from "react-intl";
import { Form } from "react-router";
import { GRANT_STATUSES, type GrantStatus } from "../../../../core/country-access/country-access-schemas.ts";
import {
  GrantDatesForm,
  GrantForm,
  type GrantDates,
} from "../../../components/studio/country-access-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/country-access.ts";
import { CLIENT_PARAM, COUNTRY_ACCESS_PATH } from "./country-access-paths.ts";
import { countryAccessAction, countryAccessCsv, loadCountryAccess } from "./country-access.server.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(countryAccessCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.countryAccess.title", "Country access") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCountryAccess(request, context);
export const action = ({ request, context }: Route.ActionArgs) => countryAccessAction(request, context);

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
    <List.ListPage messages="studio.countryAccess">
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
    </List.ListPage>
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

/** The name of a grant's country (in the reader's language) or bundle. */
function useTargetName() {
  const names = useDisplayNames();
  return (row: Row) =>
    row.kind === "country" ? names.country(row.targetId, row.targetName) : row.targetName;
}

function useGrantColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  const targetName = useTargetName();
  /** A calendar day ("2026-03-12") in the reader's language, as a day: no zone shifts it. */
  const day = (value: string) =>
    intl.formatDate(new Date(`${value}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return [
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
  ];
}

/** The countries the client's grants give today. */
function GrantedToday({ data }: { data: ClientData }) {
  const t = useT();
  return (
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
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("studio.countryAccess.todayNote")}</p>
    </section>
  );
}

type Editing = { grant: GrantDates; name: string };

function ClientGrants({ data }: { data: ClientData }) {
  const t = useT();
  const targetName = useTargetName();
  const next = List.useAttempts();
  const granter = List.useEditDialog(next);
  const editor = List.useEditDialog<Editing>(next);
  const revoking = List.useRowDialog<Row>();
  const grantButton = data.canEdit ? (
    <List.NewButton onClick={() => granter.open()}>{t("studio.countryAccess.grant")}</List.NewButton>
  ) : null;
  const columns = useGrantColumns();
  const rowActions = (row: Row) => (
    <List.RowActions label={targetName(row)}>
      <List.RowAction
        icon={Pencil}
        onSelect={() =>
          editor.open({
            grant: { grantId: row.id, validFrom: row.validFrom, validUntil: row.validUntil },
            name: targetName(row),
          })
        }
      >
        {t("studio.countryAccess.action.edit")}
      </List.RowAction>
      <List.RowActionsSeparator />
      <List.RowAction icon={Trash2} tone="danger" onSelect={() => revoking.open(row)}>
        {t("studio.countryAccess.action.revoke")}
      </List.RowAction>
    </List.RowActions>
  );

  return (
    <>
      <GrantedToday data={data} />
      <section aria-labelledby="grants-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="grants-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t("studio.countryAccess.grants")}
          </h2>
          {grantButton}
        </div>
        <List.ListTable
          data={data}
          columns={columns}
          rowActions={data.canEdit ? rowActions : undefined}
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
          emptyHint={t(
            data.canEdit ? "studio.countryAccess.emptyHint" : "studio.countryAccess.emptyHintMember",
          )}
          emptyAction={grantButton}
          csv
        />
      </section>
      <GrantDialogs data={data} granter={granter} editor={editor} revoking={revoking} />
    </>
  );
}

/** Granting a country or bundle, changing a grant's dates, revoking a grant. */
function GrantDialogs({
  data,
  granter,
  editor,
  revoking,
}: {
  data: ClientData;
  granter: List.EditDialogState<void>;
  editor: List.EditDialogState<Editing>;
  revoking: List.RowDialogState<Row>;
}) {
  const t = useT();
  const intl = useIntl();
  const names = useDisplayNames();
  const targetName = useTargetName();
  // Posts go to the page with the chosen client, so the answer reloads the same client's grants.
  const action = `${COUNTRY_ACCESS_PATH}?${CLIENT_PARAM}=${data.client.id}`;
  const cancel = <List.CancelButton>{t("studio.countryAccess.form.cancel")}</List.CancelButton>;
  const revoked = revoking.row;
  return (
    <>
      <List.EditDialog
        dialog={granter}
        title={t("studio.countryAccess.form.grantTitle", { client: data.client.name })}
        description={t("studio.countryAccess.form.grantDescription")}
      >
        {({ attempt }) => (
          <GrantForm
            action={action}
            fetcherKey={`grant-${attempt}`}
            clientId={data.client.id}
            today={data.today}
            targets={data.targets}
            onSaved={granter.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>
      <List.EditDialog
        dialog={editor}
        title={t("studio.countryAccess.form.editTitle", { name: editor.editing?.values.name ?? "" })}
        description={t("studio.countryAccess.form.editDescription")}
      >
        {({ values, attempt }) => (
          <GrantDatesForm
            action={action}
            fetcherKey={`grant-dates-${attempt}`}
            grant={values.grant}
            onSaved={editor.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>
      {data.canEdit ? (
        <List.ConfirmDialog
          {...revoking.dialog}
          title={t("studio.countryAccess.revoke.title", { name: revoked ? targetName(revoked) : "" })}
          description={t("studio.countryAccess.revoke.description", {
            client: data.client.name,
            countries: revoked ? intl.formatList(revoked.countries.map((code) => names.country(code))) : "",
          })}
          confirmLabel={t("studio.countryAccess.action.revoke")}
          action={action}
          fields={{ intent: "revoke", grantId: revoked?.id ?? "" }}
        />
      ) : null}
    </>
  );
}
