// The feed (source) form: format, a URL or an uploaded file, refresh interval, credentials (write-only:
// stored ones are never shown, "keep" leaves them), complete and enabled. Checked in the browser by the core
// schema (Conform) and again by the action.
import { getInputProps, getSelectProps } from "@conform-to/react";
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
} from "../../../core/ingest/sources/source-forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { FileDropZone } from "../ui/file-drop-zone.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

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

export function FeedForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
}: FormBase & { defaults: FeedFormValues }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const editing = Boolean(defaults.id);
  const intent = editing ? "feed-update" : "feed-create";
  const [form, fields] = useAppForm({
    schema: editing ? updateSourceSchema : createSourceSchema,
    id: `feed-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: {
      ...defaults,
      enabled: defaults.enabled ? "on" : "",
      complete: defaults.complete ? "on" : "",
      credentials: defaults.hasCredentials ? "keep" : "none",
    },
  });
  const [input, setInput] = useState(defaults.input);
  const [credentials, setCredentials] = useState(defaults.hasCredentials ? "keep" : "none");
  const text = (field: (typeof fields)["name"], type: "text" | "url" | "password" = "text") => {
    const { key, ...props } = getInputProps(field, { type, ariaAttributes: false });
    return { inputKey: key, props };
  };
  const name = text(fields.name);
  const url = text(fields.url, "url");
  const username = text(fields.username);
  const password = text(fields.password, "password");
  const token = text(fields.token, "password");
  const headerName = text(fields.headerName);
  const headerValue = text(fields.headerValue, "password");
  const { key: formatKey, ...format } = getSelectProps(fields.format, { ariaAttributes: false });
  const { key: intervalKey, ...interval } = getSelectProps(fields.interval, { ariaAttributes: false });
  const hidden: Record<string, string> = {};
  if (defaults.id) hidden.id = defaults.id;
  if (defaults.cinemaId) hidden.cinemaId = defaults.cinemaId;
  if (defaults.chainId) hidden.chainId = defaults.chainId;
  const credentialChoices = CREDENTIAL_CHOICES.filter(
    (choice) => choice !== "keep" || defaults.hasCredentials,
  );

  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={hidden}
      secondary={secondary}
      encType="multipart/form-data"
      submitLabel={t(editing ? "studio.sources.form.save" : "studio.sources.form.create")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.sources.form.name")}
          error={errorText(fields.name.errors)}
          id={fields.name.id}
          required
        >
          <Input key={name.inputKey} {...name.props} maxLength={SOURCE_NAME_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.sources.form.format")}
          error={errorText(fields.format.errors)}
          id={fields.format.id}
          required
        >
          <Select
            key={formatKey}
            {...format}
            placeholder={t("studio.sources.form.formatPlaceholder")}
            options={FEED_FORMATS.map((value) => ({ value, label: t(`studio.sources.format.${value}`) }))}
          />
        </Field>
      </div>
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
        <Field
          label={t("studio.sources.form.url")}
          hint={t("studio.sources.form.urlHint")}
          error={errorText(fields.url.errors)}
          id={fields.url.id}
          required
        >
          <Input
            key={url.inputKey}
            {...url.props}
            maxLength={SOURCE_URL_MAX}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      ) : (
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
      <Field
        label={t("studio.sources.form.interval")}
        error={errorText(fields.interval.errors)}
        id={fields.interval.id}
      >
        <Select
          key={intervalKey}
          {...interval}
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
      </Field>
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
      <fieldset className="grid gap-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium">{t("studio.sources.form.credentials")}</legend>
        <Field
          label={t("studio.sources.form.credentialsType")}
          hint={defaults.hasCredentials ? t("studio.sources.form.credentialsStored") : undefined}
          error={errorText(fields.credentials.errors)}
          id={fields.credentials.id}
        >
          <Select
            name={fields.credentials.name}
            defaultValue={credentials}
            onChange={(event) => setCredentials(event.currentTarget.value)}
            options={credentialChoices.map((value) => ({
              value,
              label: t(`studio.sources.credentials.${value}`),
            }))}
          />
        </Field>
        {credentials === "basic" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("studio.sources.form.username")}
              error={errorText(fields.username.errors)}
              id={fields.username.id}
              required
            >
              <Input key={username.inputKey} {...username.props} autoComplete="off" />
            </Field>
            <Field
              label={t("studio.sources.form.password")}
              error={errorText(fields.password.errors)}
              id={fields.password.id}
              required
            >
              <Input key={password.inputKey} {...password.props} autoComplete="new-password" />
            </Field>
          </div>
        ) : null}
        {credentials === "bearer" ? (
          <Field
            label={t("studio.sources.form.token")}
            error={errorText(fields.token.errors)}
            id={fields.token.id}
            required
          >
            <Input key={token.inputKey} {...token.props} autoComplete="new-password" />
          </Field>
        ) : null}
        {credentials === "header" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("studio.sources.form.headerName")}
              error={errorText(fields.headerName.errors)}
              id={fields.headerName.id}
              required
            >
              <Input
                key={headerName.inputKey}
                {...headerName.props}
                autoComplete="off"
                placeholder="X-Api-Key"
              />
            </Field>
            <Field
              label={t("studio.sources.form.headerValue")}
              error={errorText(fields.headerValue.errors)}
              id={fields.headerValue.id}
              required
            >
              <Input key={headerValue.inputKey} {...headerValue.props} autoComplete="new-password" />
            </Field>
          </div>
        ) : null}
      </fieldset>
    </IntentForm>
  );
}
