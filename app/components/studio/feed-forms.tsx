// The feed (source) form: format, a URL or an uploaded file, refresh interval, credentials (write-only:
// stored ones are never shown, "keep" leaves them), complete and enabled. Checked in the browser by the core
// schema (Conform) and again by the action.
import { useState } from "react";
import { FEED_FORMATS, type FeedFormat } from "../../../core/ingest/feed.ts";
import {
  CREDENTIAL_CHOICES,
  createSourceSchema,
  SOURCE_INTERVALS,
  SOURCE_NAME_MAX,
  SOURCE_UPLOAD_MAX_BYTES,
  SOURCE_URL_MAX,
  updateSourceSchema,
} from "../../../core/ingest/sources/source-schemas.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { FileDropZone } from "../ui/file-drop-zone.tsx";
import { FormField, InputField, SelectField } from "../ui/form-field.tsx";
import { Select } from "../ui/select.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField, NameField, TextField } from "./studio-fields.tsx";

export type FeedFormValues = {
  id?: string;
  cinemaId?: string;
  chainId?: string;
  name: string;
  format: FeedFormat | "";
  input: "url" | "upload";
  url: string;
  interval: string;
  enabled: boolean;
  complete: boolean;
  /** shown as "stored" and offered "keep" when the feed has credentials */
  hasCredentials: boolean;
  /** the uploaded file's name, when the feed has one */
  uploadedFile: string | null;
};

export const EMPTY_FEED: FeedFormValues = {
  name: "",
  format: "",
  input: "url",
  url: "",
  interval: "3600",
  enabled: true,
  complete: true,
  hasCredentials: false,
  uploadedFile: null,
};

type FeedForm = ReturnType<typeof useDialogForm<typeof createSourceSchema | typeof updateSourceSchema>>;
type FeedFields = FeedForm["fields"];

/** The ids posted with the form: the feed's own when editing, its cinema's or chain's when adding. */
function hiddenIds(defaults: FeedFormValues): Record<string, string> {
  const hidden: Record<string, string> = {};
  if (defaults.id) hidden.id = defaults.id;
  if (defaults.cinemaId) hidden.cinemaId = defaults.cinemaId;
  if (defaults.chainId) hidden.chainId = defaults.chainId;
  return hidden;
}

export function FeedForm({ defaults, ...base }: FormBase & { defaults: FeedFormValues }) {
  const t = useT();
  const editing = Boolean(defaults.id);
  const { fields, frame } = useDialogForm(base, {
    id: `feed-${base.fetcherKey}`,
    ...createOrUpdate(
      "id",
      defaults.id,
      [createSourceSchema, updateSourceSchema],
      ["feed-create", "feed-update"],
    ),
    // Its cinema's or chain's id too, when a feed is added to one.
    hidden: hiddenIds(defaults),
    defaultValue: {
      ...defaults,
      enabled: defaults.enabled ? "on" : "",
      complete: defaults.complete ? "on" : "",
      credentials: defaults.hasCredentials ? "keep" : "none",
    },
    submitLabel: t(editing ? "studio.sources.form.save" : "studio.sources.form.create"),
  });
  return (
    <IntentForm {...frame} encType="multipart/form-data">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField field={fields.name} label={t("studio.sources.form.name")} maxLength={SOURCE_NAME_MAX} />
        <SelectField
          field={fields.format}
          label={t("studio.sources.form.format")}
          required
          placeholder={t("studio.sources.form.formatPlaceholder")}
          options={FEED_FORMATS.map((value) => ({ value, label: t(`studio.sources.format.${value}`) }))}
        />
      </div>
      <FeedInputFields form={frame.form} fields={fields} defaults={defaults} />
      <FeedScheduleFields fields={fields} defaults={defaults} />
      <FeedCredentialsFields fields={fields} hasCredentials={defaults.hasCredentials} />
    </IntentForm>
  );
}

/** Where the feed is read: a URL, or a file uploaded here. */
function FeedInputFields({
  form,
  fields,
  defaults,
}: {
  form: FeedForm["frame"]["form"];
  fields: FeedFields;
  defaults: FeedFormValues;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [input, setInput] = useState(defaults.input);
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("studio.sources.form.input")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["url", "upload"] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.input.name}
                value={value}
                checked={input === value}
                onChange={() => setInput(value)}
                className="size-4 accent-primary-700 dark:accent-primary-400"
              />
              {t(`studio.sources.form.input.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {input === "url" ? (
        <CodeField
          field={fields.url}
          type="url"
          label={t("studio.sources.form.url")}
          hint={t("studio.sources.form.urlHint")}
          required
          maxLength={SOURCE_URL_MAX}
        />
      ) : (
        // The file is not a schema field: the action checks it and answers on "file".
        <Field
          label={t("studio.sources.form.file")}
          hint={
            defaults.uploadedFile
              ? t("studio.sources.form.fileCurrent", { name: defaults.uploadedFile })
              : t("studio.sources.form.fileHint", { max: SOURCE_UPLOAD_MAX_BYTES / 1024 / 1024 })
          }
          error={errorText(form.allErrors.file)}
          id={`${form.id}-file`}
          required={!defaults.uploadedFile}
        >
          <FileDropZone
            name="file"
            accept=".json,.csv,.xml,.html,.htm,.txt,application/json,text/csv,application/xml,text/xml,text/html"
            prompt={t("studio.sources.form.filePrompt")}
            changePrompt={t("studio.sources.form.fileChange")}
            check={(file) =>
              file.size > SOURCE_UPLOAD_MAX_BYTES
                ? t("studio.sources.validation.fileTooLarge", { max: SOURCE_UPLOAD_MAX_BYTES / 1024 / 1024 })
                : null
            }
          />
        </Field>
      )}
    </>
  );
}

/** How often the feed is read, whether it is complete, and whether it runs. */
function FeedScheduleFields({ fields, defaults }: { fields: FeedFields; defaults: FeedFormValues }) {
  const t = useT();
  return (
    <>
      <SelectField
        field={fields.interval}
        label={t("studio.sources.form.interval")}
        options={[
          { value: "", label: t("studio.sources.interval.manual") },
          ...SOURCE_INTERVALS.map((seconds) => ({
            value: String(seconds),
            label:
              seconds < 3600
                ? t("studio.sources.interval.minutes", { count: seconds / 60 })
                : t("studio.sources.interval.hours", { count: seconds / 3600 }),
          })),
        ]}
      />
      <div className="grid gap-3">
        <Checkbox
          name={fields.complete.name}
          defaultChecked={defaults.complete}
          label={t("studio.sources.form.complete")}
          hint={t("studio.sources.form.completeHint")}
        />
        <Checkbox
          name={fields.enabled.name}
          defaultChecked={defaults.enabled}
          label={t("studio.sources.form.enabled")}
          hint={t("studio.sources.form.enabledHint")}
        />
      </div>
    </>
  );
}

/** The credentials' kind, and the fields that kind asks for (write-only: "keep" leaves stored ones). */
function FeedCredentialsFields({ fields, hasCredentials }: { fields: FeedFields; hasCredentials: boolean }) {
  const t = useT();
  const [credentials, setCredentials] = useState(hasCredentials ? "keep" : "none");
  const choices = CREDENTIAL_CHOICES.filter((choice) => choice !== "keep" || hasCredentials);
  return (
    <fieldset className="grid gap-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t("studio.sources.form.credentials")}</legend>
      <FormField
        field={fields.credentials}
        label={t("studio.sources.form.credentialsType")}
        hint={hasCredentials ? t("studio.sources.form.credentialsStored") : undefined}
      >
        <Select
          name={fields.credentials.name}
          defaultValue={credentials}
          onChange={(event) => setCredentials(event.currentTarget.value)}
          options={choices.map((value) => ({ value, label: t(`studio.sources.credentials.${value}`) }))}
        />
      </FormField>
      {credentials === "basic" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.username} label={t("studio.sources.form.username")} required />
          <SecretField field={fields.password} label={t("studio.sources.form.password")} />
        </div>
      ) : null}
      {credentials === "bearer" ? (
        <SecretField field={fields.token} label={t("studio.sources.form.token")} />
      ) : null}
      {credentials === "header" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.headerName}
            label={t("studio.sources.form.headerName")}
            required
            placeholder="X-Api-Key"
          />
          <SecretField field={fields.headerValue} label={t("studio.sources.form.headerValue")} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** A required password-type field the browser does not fill from saved passwords. */
function SecretField({ field, label }: { field: FeedFields["password"]; label: string }) {
  return <InputField field={field} type="password" label={label} required autoComplete="new-password" />;
}
