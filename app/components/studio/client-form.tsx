// The client form of /studio/config/clients (create) and /studio/config/clients/{id} (edit): the core
// schema checks it in the browser (Conform) and again in the action; errors are message references.
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { createClientSchema, updateClientSchema } from "../../../core/tenancy/tenancy-schemas.ts";
import { EMAIL_MAX, NAME_MAX, NOTES_MAX, SLUG_MAX } from "../../../core/forms/fields.ts";
import { CLIENT_STATUSES, type ClientStatus } from "../../../core/tenancy/tenancy-types.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { FormError } from "../ui/form-error.tsx";
import { InputField, SelectField, TextareaField } from "../ui/form-field.tsx";
import { FormActions } from "./intent-form.tsx";
import { usePayloadFetcher } from "./payload-fetcher.ts";
import { CodeField, TextField } from "./studio-fields.tsx";

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
  const fetcher = usePayloadFetcher<ClientSavedPayload>(fetcherKey, (saved) => onSaved?.(saved));
  const intent = mode === "create" ? "create" : "update";
  const [form, fields] = useAppForm({
    schema: mode === "create" ? createClientSchema : updateClientSchema,
    id: `client-${fetcherKey}`,
    lastResult: resultFor(fetcher.data ?? documentResult, intent),
    defaultValue: { ...defaults, clientId },
  });
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className={className ?? "grid gap-4"}>
      <input type="hidden" name="intent" value={intent} />
      {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
      <FormError>{errorText(form.errors)?.join(" ")}</FormError>
      <InputField
        field={fields.name}
        label={t("studio.clients.form.name")}
        required
        maxLength={NAME_MAX}
        autoComplete="organization"
      />
      <CodeField
        field={fields.slug}
        label={t("studio.clients.form.slug")}
        hint={t(mode === "create" ? "studio.clients.form.slugHint" : "studio.clients.form.slugEditHint")}
        required={mode === "edit"}
        maxLength={SLUG_MAX}
        className="font-mono"
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          field={fields.contactEmail}
          type="email"
          label={t("studio.clients.form.contactEmail")}
          maxLength={EMAIL_MAX}
        />
        <SelectField
          field={fields.status}
          label={t("studio.clients.form.status")}
          options={CLIENT_STATUSES.map((status) => ({
            value: status,
            label: t(`studio.clients.status.${status}`),
          }))}
        />
      </div>
      <TextareaField
        field={fields.notes}
        label={t("studio.clients.form.notes")}
        hint={t("studio.clients.form.notesHint")}
        maxLength={NOTES_MAX}
        rows={3}
      />
      <FormActions
        secondary={secondary}
        pending={fetcher.state !== "idle"}
        label={t(mode === "create" ? "studio.clients.form.create" : "studio.clients.form.save")}
      />
    </fetcher.Form>
  );
}
