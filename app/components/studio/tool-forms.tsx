// The data tools' forms (/studio/data/tools): each queues one job. Checked in the browser by its core
// schema (Conform) and again by the action. Purge and reindex sit in a dialog that asks for a typed word.
import { useState } from "react";
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  MAINTENANCE_OPERATIONS,
} from "../../../core/jobs/tool-job-payloads.ts";
import {
  exportSchema,
  maintenanceSchema,
  PURGE_WORD,
  purgeSchema,
  REINDEX_WORD,
  reindexSchema,
  rematchSchema,
  runFeedSchema,
} from "../../../core/tools/tool-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { type FormFieldMeta, InputField, SelectField } from "../ui/form-field.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { IntentForm } from "./intent-form.tsx";
import { CodeField } from "./studio-fields.tsx";

export function MaintenanceForm({ action, tables }: { action: string; tables: readonly string[] }) {
  const t = useT();
  const { fields, frame } = useDialogForm(
    { action, fetcherKey: "tools-maintenance" },
    {
      intent: "maintenance",
      schema: maintenanceSchema,
      defaultValue: { operation: "analyze", table: "" },
      submitLabel: t("studio.tools.maintenance.submit"),
    },
  );
  const operations = MAINTENANCE_OPERATIONS.map((operation) => ({
    value: operation,
    label: t(`studio.tools.maintenance.${operation}`),
  }));
  return (
    <IntentForm {...frame}>
      <SelectField
        field={fields.operation}
        label={t("studio.tools.maintenance.operation")}
        required
        options={operations}
      />
      <SelectField
        field={fields.table}
        label={t("studio.tools.maintenance.table")}
        placeholder={t("studio.tools.maintenance.allTables")}
        options={tables.map((name) => ({ value: name, label: name }))}
      />
    </IntentForm>
  );
}

export function RematchForm({ action }: { action: string }) {
  const t = useT();
  const { frame } = useDialogForm(
    { action, fetcherKey: "tools-rematch" },
    { intent: "rematch", schema: rematchSchema, submitLabel: t("studio.tools.rematch.submit") },
  );
  return <IntentForm {...frame}>{null}</IntentForm>;
}

export function ExportForm({ action }: { action: string }) {
  const t = useT();
  const { fields, frame } = useDialogForm(
    { action, fetcherKey: "tools-export" },
    {
      intent: "export",
      schema: exportSchema,
      defaultValue: { table: "catalogue", format: "csv" },
      submitLabel: t("studio.tools.export.submit"),
    },
  );
  return (
    <IntentForm {...frame}>
      <SelectField
        field={fields.table}
        label={t("studio.tools.export.table")}
        required
        options={EXPORT_TABLES.map((table) => ({
          value: table,
          label: table === "catalogue" ? t("studio.tools.export.catalogue") : table,
        }))}
      />
      <SelectField
        field={fields.format}
        label={t("studio.tools.export.format")}
        required
        options={EXPORT_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))}
      />
    </IntentForm>
  );
}

export function RunFeedForm({
  action,
  sources,
}: {
  action: string;
  sources: readonly { id: string; name: string; enabled: boolean }[];
}) {
  const t = useT();
  const { fields, frame } = useDialogForm(
    { action, fetcherKey: "tools-run-feed" },
    { intent: "runFeed", schema: runFeedSchema, submitLabel: t("studio.tools.runFeed.submit") },
  );
  return (
    <IntentForm {...frame}>
      <SelectField
        field={fields.sourceId}
        label={t("studio.tools.runFeed.source")}
        hint={sources.length === 0 ? t("studio.tools.runFeed.none") : undefined}
        required
        placeholder={t("studio.tools.runFeed.placeholder")}
        options={sources.map((source) => ({
          value: source.id,
          label: source.enabled ? source.name : t("studio.tools.runFeed.disabled", { name: source.name }),
          disabled: !source.enabled,
        }))}
      />
    </IntentForm>
  );
}

type DialogFormProps = { action: string; fetcherKey: string; onSaved: () => void };

const CancelButton = () => {
  const t = useT();
  return (
    <DialogClose asChild>
      <Button variant="outline">{t("ui.confirm.cancel")}</Button>
    </DialogClose>
  );
};

/** The word typed to confirm a purge or a reindex. */
function ConfirmWordField<Value>({ field, word }: { field: FormFieldMeta<Value>; word: string }) {
  const t = useT();
  return <CodeField field={field} label={t("studio.tools.confirm.label", { word })} required />;
}

function PurgeForm({ defaultDays, ...base }: DialogFormProps & { defaultDays: number }) {
  const t = useT();
  const { fields, frame } = useDialogForm(
    { ...base, secondary: <CancelButton /> },
    {
      intent: "purge",
      schema: purgeSchema,
      defaultValue: { olderThanDays: String(defaultDays) },
      submitLabel: t("studio.tools.purge.submit"),
    },
  );
  return (
    <IntentForm {...frame} submitVariant="danger">
      <InputField
        field={fields.olderThanDays}
        type="number"
        label={t("studio.tools.purge.days")}
        hint={t("studio.tools.purge.daysHint")}
        required
        min={1}
        max={36500}
        inputMode="numeric"
      />
      <ConfirmWordField field={fields.confirmWord} word={PURGE_WORD} />
    </IntentForm>
  );
}

function ReindexForm(base: DialogFormProps) {
  const t = useT();
  const { fields, frame } = useDialogForm(
    { ...base, secondary: <CancelButton /> },
    { intent: "reindex", schema: reindexSchema, submitLabel: t("studio.tools.reindex.submit") },
  );
  return (
    <IntentForm {...frame} submitVariant="danger">
      <ConfirmWordField field={fields.confirmWord} word={REINDEX_WORD} />
    </IntentForm>
  );
}

/** A danger button that opens the typed confirmation. */
export function TypedConfirmTool({
  action,
  kind,
  defaultDays = 90,
}: {
  action: string;
  kind: "purge" | "reindex";
  defaultDays?: number;
}) {
  const t = useT();
  const [opening, setOpening] = useState<number | null>(null);
  const title = t(kind === "purge" ? "studio.tools.purge.dialogTitle" : "studio.tools.reindex.dialogTitle");
  return (
    <>
      <Button variant="danger" onClick={() => setOpening((n) => (n ?? 0) + 1)}>
        {t(kind === "purge" ? "studio.tools.purge.open" : "studio.tools.reindex.open")}
      </Button>
      <Dialog open={opening !== null} onOpenChange={(open) => (open ? null : setOpening(null))}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {t(kind === "purge" ? "studio.tools.purge.warning" : "studio.tools.reindex.warning")}
            </DialogDescription>
          </DialogHeader>
          {opening === null ? null : kind === "purge" ? (
            <PurgeForm
              key={opening}
              action={action}
              fetcherKey={`tools-purge-${opening}`}
              onSaved={() => setOpening(null)}
              defaultDays={defaultDays}
            />
          ) : (
            <ReindexForm
              key={opening}
              action={action}
              fetcherKey={`tools-reindex-${opening}`}
              onSaved={() => setOpening(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
