import { GitMerge, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  AttributeForm,
  EMPTY_ATTRIBUTE,
  MergeForm,
  type AttributeFormValues,
} from "../../../components/studio/catalog-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
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
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { ATTRIBUTE_CATEGORIES } from "../../../../core/catalog/forms.ts";
import type { Route } from "./+types/attributes.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { attributesAction, attributesCsv, loadAttributes } from "./attributes.server.ts";
import { ATTRIBUTES_PATH } from "./catalog-paths.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? attributesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.attributes.title", "Attributes") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAttributes(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return attributesAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function Attributes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const { canEdit } = loaderData;
  const [editing, setEditing] = useState<{ values: AttributeFormValues; attempt: number } | null>(null);
  const [merging, setMerging] = useState<{ row: Row; attempt: number } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [attempts, setAttempts] = useState(0);

  const next = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };
  const open = (values: AttributeFormValues) => setEditing({ values, attempt: next() });
  const edit = (row: Row) =>
    open({
      attributeId: row.id,
      code: row.code,
      category: row.category,
      nameEn: row.names.en ?? "",
      nameNl: row.names.nl ?? "",
      synonyms: row.synonyms.join("\n"),
    });

  const newAttribute = canEdit ? (
    <Button onClick={() => open(EMPTY_ATTRIBUTE)}>
      <Plus aria-hidden="true" />
      {t("studio.attributes.new")}
    </Button>
  ) : undefined;

  const columns: DataTableColumn<Row>[] = [
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
    ...(canEdit
      ? [
          {
            key: "actions",
            header: <span className="sr-only">{t("studio.attributes.col.actions")}</span>,
            align: "end" as const,
            cell: (row: Row) => (
              <RowActions label={row.code}>
                <DropdownMenuItem onSelect={() => edit(row)}>
                  <Pencil aria-hidden="true" />
                  {t("studio.attributes.action.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setMerging({ row, attempt: next() })}>
                  <GitMerge aria-hidden="true" />
                  {t("studio.attributes.action.merge")}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
                  <Trash2 aria-hidden="true" />
                  {t("studio.attributes.action.delete")}
                </DropdownMenuItem>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  const cancel = (
    <DialogClose asChild>
      <Button variant="outline">{t("studio.attributes.form.cancel")}</Button>
    </DialogClose>
  );

  return (
    <div>
      <PageHeader
        title={t("studio.attributes.title")}
        description={t(canEdit ? "studio.attributes.description" : "studio.attributes.descriptionReadOnly")}
        actions={newAttribute}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.attributes.caption")}
        searchPlaceholder={t("studio.attributes.searchPlaceholder")}
        filters={[
          {
            name: "category",
            label: t("studio.attributes.filter.category"),
            options: ATTRIBUTE_CATEGORIES.map((value) => ({ value, label: t(`attributeCategory.${value}`) })),
          },
        ]}
        emptyTitle={t("studio.attributes.empty")}
        emptyHint={t("studio.attributes.emptyHint")}
        emptyAction={newAttribute}
        exportHref={exportHref(params)}
      />

      {canEdit ? (
        <>
          <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? null : setEditing(null))}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>
                  {t(
                    editing?.values.attributeId
                      ? "studio.attributes.form.editTitle"
                      : "studio.attributes.form.createTitle",
                  )}
                </DialogTitle>
                <DialogDescription>{t("studio.attributes.form.description")}</DialogDescription>
              </DialogHeader>
              {editing ? (
                <AttributeForm
                  action={ATTRIBUTES_PATH}
                  fetcherKey={`attribute-${editing.attempt}`}
                  defaults={editing.values}
                  onSaved={() => setEditing(null)}
                  secondary={cancel}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <Dialog open={merging !== null} onOpenChange={(isOpen) => (isOpen ? null : setMerging(null))}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>
                  {t("studio.attributes.merge.title", { code: merging?.row.code ?? "" })}
                </DialogTitle>
                <DialogDescription>
                  {t("studio.attributes.merge.description", { code: merging?.row.code ?? "" })}
                </DialogDescription>
              </DialogHeader>
              {merging ? (
                <MergeForm
                  kind="attributes"
                  action={ATTRIBUTES_PATH}
                  fetcherKey={`attribute-merge-${merging.attempt}`}
                  sourceId={merging.row.id}
                  sourceName={merging.row.code}
                  choices={loaderData.choices.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))}
                  onSaved={() => setMerging(null)}
                  secondary={cancel}
                />
              ) : null}
            </DialogContent>
          </Dialog>

          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen) setDeleting(null);
            }}
            title={t("studio.attributes.delete.title", { code: deleting?.code ?? "" })}
            description={t("studio.attributes.delete.description")}
            confirmLabel={t("studio.attributes.action.delete")}
            action={ATTRIBUTES_PATH}
            fields={{ intent: "delete", attributeId: deleting?.id ?? "", name: deleting?.code ?? "" }}
          />
        </>
      ) : null}
    </div>
  );
}
