import { getFormProps } from "@conform-to/react";
import { Globe, Trash2 } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { addDomainSchema, DOMAIN_INPUT_MAX } from "../../../core/domains/domain-schemas.ts";
import { LocalTime } from "../../components/shell/local-time.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../components/ui/data-table.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useToastFromData } from "../../components/ui/toast.ts";
import { INTENT_FIELD, resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import type { Route } from "./+types/domains.ts";
import { domainsAction, loadDomains } from "./domains.server.ts";
import { CodeField } from "../../components/studio/studio-fields.tsx";
import { NoClientPage } from "../../components/studio/no-client-page.tsx";

const DOMAINS_PATH = "/studio/domains";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.domains.title", "Domains") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDomains(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return domainsAction(request, context);
}

type ClientData = Extract<Route.ComponentProps["loaderData"], { kind: "client" }>;
type Row = ClientData["rows"][number];

export default function Domains({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "no-client") {
    return <NoClientPage page="studio.domains" isSuperAdmin={loaderData.isSuperAdmin} />;
  }
  return <ClientDomains data={loaderData} />;
}

function ClientDomains({ data }: { data: ClientData }) {
  const t = useT();
  const errorText = useErrorText();
  const actionData = useActionData();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === "add";
  useToastFromData(actionData);

  const [form, fields] = useAppForm({
    schema: addDomainSchema,
    id: "add-domain",
    lastResult: resultFor(actionData, "add"),
  });

  const columns: DataTableColumn<Row>[] = [
    {
      key: "hostname",
      header: t("studio.domains.col.hostname"),
      cell: (row) => (
        <code className="text-sm font-medium text-slate-900 dark:text-white">{row.hostname}</code>
      ),
    },
    {
      key: "kind",
      header: t("studio.domains.col.kind"),
      cell: (row) => (
        <Badge tone={row.wildcard ? "info" : "neutral"}>
          {t(row.wildcard ? "studio.domains.kind.wildcard" : "studio.domains.kind.exact")}
        </Badge>
      ),
    },
    {
      key: "createdAt",
      header: t("studio.domains.col.added"),
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.createdAt} />,
    },
    {
      key: "createdBy",
      header: t("studio.domains.col.addedBy"),
      cell: (row) => row.createdByName ?? <span className="text-slate-600 dark:text-slate-400">—</span>,
    },
  ];
  if (data.canWrite) {
    columns.push({
      key: "actions",
      header: <span className="sr-only">{t("studio.domains.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <ConfirmDialog
          title={t("studio.domains.remove.title", { hostname: row.hostname })}
          description={t("studio.domains.remove.description")}
          confirmLabel={t("studio.domains.remove.confirm")}
          action={DOMAINS_PATH}
          fields={{ [INTENT_FIELD]: "remove", domainId: row.id, hostname: row.hostname }}
          triggerVariant="outline"
          triggerSize="sm"
          trigger={
            <>
              <Trash2 aria-hidden="true" />
              {t("studio.domains.action.remove")}
              <span className="sr-only"> {row.hostname}</span>
            </>
          }
        />
      ),
    });
  }

  return (
    <div>
      <PageHeader title={t("studio.domains.title")} description={t("studio.domains.description")} />

      <section
        aria-labelledby="domains-help"
        className="mb-6 max-w-3xl rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
      >
        <h2 id="domains-help" className="mb-2 flex items-center gap-2 font-semibold">
          <Globe aria-hidden="true" className="size-4" />
          {t("studio.domains.help.title")}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
          <li>{t("studio.domains.help.exact")}</li>
          <li>{t("studio.domains.help.wildcard")}</li>
          <li>{t("studio.domains.help.dev")}</li>
        </ul>
      </section>

      {data.canWrite ? (
        <section aria-labelledby="add-domain-heading" className="mb-6 max-w-3xl">
          <h2 id="add-domain-heading" className="mb-3 text-lg font-semibold">
            {t("studio.domains.form.title")}
          </h2>
          <Form method="post" action={DOMAINS_PATH} {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name={INTENT_FIELD} value="add" />
            <FormError>{errorText(form.errors)?.join(" ")}</FormError>
            <div className="flex flex-wrap items-start gap-3">
              <CodeField
                field={fields.hostname}
                label={t("studio.domains.form.hostname")}
                hint={t("studio.domains.form.hostnameHint")}
                frameClassName="min-w-64 flex-1"
                required
                maxLength={DOMAIN_INPUT_MAX}
                placeholder="www.example.nl"
                className="font-mono"
              />
              <Button type="submit" pending={adding} className="sm:mt-7">
                {t("studio.domains.form.add")}
              </Button>
            </div>
          </Form>
        </section>
      ) : (
        <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          {t("studio.domains.readOnlyAdmins")}
        </p>
      )}

      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        searchPlaceholder={t("studio.domains.searchPlaceholder")}
        caption={t("studio.domains.caption", { client: data.client.name })}
        emptyTitle={t("studio.domains.empty")}
        emptyHint={t("studio.domains.emptyHint")}
      />
    </div>
  );
}
