import {
  AttributeForm,
  EMPTY_ATTRIBUTE,
  MergeForm,
  type AttributeFormValues,
} from "../../../components/studio/catalog-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { ATTRIBUTE_CATEGORIES } from "../../../../core/catalog/catalog-schemas.ts";
import type { Route } from "./+types/attributes.ts";
import { attributesAction, attributesCsv, loadAttributes } from "./attributes.server.ts";
import { ATTRIBUTES_PATH } from "./catalog-paths.ts";
import { CatalogRowActions, useCatalogDialogs } from "./catalog-list.tsx";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(attributesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.attributes.title", "Attributes") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadAttributes(request, context);
export const action = ({ request, context }: Route.ActionArgs) => attributesAction(request, context);

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const formValues = (row: Row): AttributeFormValues => ({
  attributeId: row.id,
  code: row.code,
  category: row.category,
  nameEn: row.names.en ?? "",
  nameNl: row.names.nl ?? "",
  synonyms: row.synonyms.join("\n"),
});

function useAttributeColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  return [
    {
      key: "code",
      header: t("studio.attributes.col.code"),
      sortable: true,
      cell: (row) => <code className="font-mono text-sm font-medium">{row.code}</code>,
    },
    {
      key: "name",
      header: t("studio.attributes.col.name"),
      sortable: true,
      cell: (row) => (
        <div>
          <span lang="en">{row.names.en}</span>
          {row.names.nl && row.names.nl !== row.names.en ? (
            <span lang="nl" className="block text-sm text-slate-600 dark:text-slate-300">
              {row.names.nl}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: "category",
      header: t("studio.attributes.col.category"),
      sortable: true,
      cell: (row) => (
        <Badge tone="neutral">
          {t(`attributeCategory.${row.category as (typeof ATTRIBUTE_CATEGORIES)[number]}`)}
        </Badge>
      ),
    },
    {
      key: "synonyms",
      header: t("studio.attributes.col.synonyms"),
      hideable: true,
      cell: (row) =>
        row.synonyms.length ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">{row.synonyms.join(", ")}</span>
        ) : (
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {t("studio.attributes.noSynonyms")}
          </span>
        ),
    },
  ];
}

export default function Attributes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { canEdit } = loaderData;
  const dialogs = useCatalogDialogs<AttributeFormValues, Row>();

  const newAttribute = canEdit ? (
    <List.NewButton onClick={() => dialogs.editor.open(EMPTY_ATTRIBUTE)}>
      {t("studio.attributes.new")}
    </List.NewButton>
  ) : undefined;

  const columns = useAttributeColumns();
  const rowActions = (row: Row) => (
    <CatalogRowActions
      messages="studio.attributes"
      label={row.code}
      row={row}
      values={formValues(row)}
      dialogs={dialogs}
    />
  );

  return (
    <List.ListPage
      messages="studio.attributes"
      description={t(canEdit ? "studio.attributes.description" : "studio.attributes.descriptionReadOnly")}
      actions={newAttribute}
    >
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={canEdit ? rowActions : undefined}
        filters={[
          {
            name: "category",
            label: t("studio.attributes.filter.category"),
            options: ATTRIBUTE_CATEGORIES.map((value) => ({ value, label: t(`attributeCategory.${value}`) })),
          },
        ]}
        emptyAction={newAttribute}
        csv
      />
      {canEdit ? <AttributeDialogs data={loaderData} {...dialogs} /> : null}
    </List.ListPage>
  );
}

/** The super admin's dialogs: create or edit, merge into another attribute, delete. */
function AttributeDialogs({
  data,
  editor,
  merger,
  deleting,
}: {
  data: Data;
  editor: List.EditDialogState<AttributeFormValues>;
  merger: List.EditDialogState<Row>;
  deleting: List.RowDialogState<Row>;
}) {
  const t = useT();
  const cancel = <List.CancelButton>{t("studio.attributes.form.cancel")}</List.CancelButton>;
  const merged = merger.editing?.values;
  return (
    <>
      <List.EditDialog
        dialog={editor}
        title={t(
          editor.editing?.values.attributeId
            ? "studio.attributes.form.editTitle"
            : "studio.attributes.form.createTitle",
        )}
        description={t("studio.attributes.form.description")}
      >
        {({ values, attempt }) => (
          <AttributeForm
            action={ATTRIBUTES_PATH}
            fetcherKey={`attribute-${attempt}`}
            defaults={values}
            onSaved={editor.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>

      <List.EditDialog
        dialog={merger}
        title={t("studio.attributes.merge.title", { code: merged?.code ?? "" })}
        description={t("studio.attributes.merge.description", { code: merged?.code ?? "" })}
      >
        {({ values: row, attempt }) => (
          <MergeForm
            kind="attributes"
            action={ATTRIBUTES_PATH}
            fetcherKey={`attribute-merge-${attempt}`}
            sourceId={row.id}
            sourceName={row.code}
            choices={data.choices.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))}
            onSaved={merger.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>

      <List.ConfirmDialog
        {...deleting.dialog}
        title={t("studio.attributes.delete.title", { code: deleting.row?.code ?? "" })}
        description={t("studio.attributes.delete.description")}
        confirmLabel={t("studio.attributes.action.delete")}
        action={ATTRIBUTES_PATH}
        fields={{ intent: "delete", attributeId: deleting.row?.id ?? "", name: deleting.row?.code ?? "" }}
      />
    </>
  );
}
