// The client form of /studio/config/clients (create) and /studio/config/clients/{id} (edit): the core
// schema checks it in the browser (Conform) and again in the action; errors are message references.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useEffectEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { createClientSchema, updateClientSchema } from "../../../core/tenancy/forms.ts";
import { EMAIL_MAX, NAME_MAX, NOTES_MAX, SLUG_MAX } from "../../../core/forms/fields.ts";
import { CLIENT_STATUSES, type ClientStatus } from "../../../core/tenancy/types.ts";
import { resultFor, useAppForm, type ActionResult } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { useToastFromData } from "../ui/toast.ts";

export type ClientFormValues = {
  name: string;
  slug: string;
  contactEmail: string;
  notes: string;
  status: ClientStatus;
};
export type ClientFormMode = "create" | "edit";

/** What a successful create or update carries (see clients.server.ts). */
export type ClientSavedPayload = { clientId: string };

export const EMPTY_CLIENT: ClientFormValues = {
  name: "",
  slug: "",
  contactEmail: "",
  notes: "",
  status: "active",
};

export type ClientFormProps = {
  mode: ClientFormMode;
  /** The route whose action handles intent=create / intent=update. */
  action: string;
  clientId?: string;
  defaults: ClientFormValues;
  /** A fresh key per opening (a dialog) so an old result is not shown again. */
  fetcherKey: string;
  /** The page's own action data: the answer to a submission made without JavaScript. */
  documentResult?: unknown;
  /** After a successful save (the toast is already shown). */
  onSaved?: (saved: ClientSavedPayload | undefined) => void;
  /** Buttons beside submit (a dialog's Cancel). */
  secondary?: ReactNode;
  className?: string;
};

export function ClientForm({
  mode,
  action,
  clientId,
  defaults,
  fetcherKey,
  documentResult,
  onSaved,
  secondary,
  className,
}: ClientFormProps) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFetcher<ActionResult<ClientSavedPayload>>({ key: fetcherKey });
  const intent = mode === "create" ? "create" : "update";
  const [form, fields] = useAppForm({
    schema: mode === "create" ? createClientSchema : updateClientSchema,
    id: `client-${fetcherKey}`,
    lastResult: resultFor(fetcher.data ?? documentResult, intent),
    defaultValue: { ...defaults, clientId },
  });
  const pending = fetcher.state !== "idle";

  // The form shows a refusal itself (above or beside its fields): only successes are toasted.
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined, { errorsShownInline: true });

  const saved = useEffectEvent((payload: ClientSavedPayload | undefined) => onSaved?.(payload));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result.status === "success") saved(fetcher.data.payload);
  }, [fetcher.state, fetcher.data]);

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text", ariaAttributes: false });
  const { key: slugKey, ...slugProps } = getInputProps(fields.slug, { type: "text", ariaAttributes: false });
  const { key: emailKey, ...emailProps } = getInputProps(fields.contactEmail, {
    type: "email",
    ariaAttributes: false,
  });
  const { key: statusKey, ...statusProps } = getSelectProps(fields.status, { ariaAttributes: false });
  const { key: notesKey, ...notesProps } = getTextareaProps(fields.notes, { ariaAttributes: false });

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className={className ?? "grid gap-4"}>
      <input type="hidden" name="intent" value={intent} />
      {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
      <FormError>{errorText(form.errors)?.join(" ")}</FormError>
      <Field
        label={t("studio.clients.form.name")}
        error={errorText(fields.name.errors)}
        id={fields.name.id}
        required
      >
        <Input key={nameKey} {...nameProps} maxLength={NAME_MAX} autoComplete="organization" />
      </Field>
      <Field
        label={t("studio.clients.form.slug")}
        hint={t(mode === "create" ? "studio.clients.form.slugHint" : "studio.clients.form.slugEditHint")}
        error={errorText(fields.slug.errors)}
        id={fields.slug.id}
        required={mode === "edit"}
      >
        <Input
          key={slugKey}
          {...slugProps}
          maxLength={SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field
          label={t("studio.clients.form.contactEmail")}
          error={errorText(fields.contactEmail.errors)}
          id={fields.contactEmail.id}
        >
          <Input key={emailKey} {...emailProps} maxLength={EMAIL_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.clients.form.status")}
          error={errorText(fields.status.errors)}
          id={fields.status.id}
        >
          <Select
            key={statusKey}
            {...statusProps}
            options={CLIENT_STATUSES.map((status) => ({
              value: status,
              label: t(`studio.clients.status.${status}`),
            }))}
          />
        </Field>
      </div>
      <Field
        label={t("studio.clients.form.notes")}
        hint={t("studio.clients.form.notesHint")}
        error={errorText(fields.notes.errors)}
        id={fields.notes.id}
      >
        <Textarea key={notesKey} {...notesProps} maxLength={NOTES_MAX} rows={3} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" pending={pending}>
          {t(mode === "create" ? "studio.clients.form.create" : "studio.clients.form.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
