// The client form of /studio/config/clients (create, edit) and /studio/config/clients/{id} (edit):
// the same validation runs in the browser before submitting and in the action before core runs.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { SLUG_PATTERN } from "../../../core/tenancy/input.ts";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { useToastFromData, type ToastMessage } from "../ui/toast.ts";

export const CLIENT_STATUSES = ["active", "suspended"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export type ClientFormValues = {
  name: string;
  slug: string;
  contactEmail: string;
  notes: string;
  status: ClientStatus;
};
export type ClientField = keyof ClientFormValues;
export type ClientFieldErrors = Partial<Record<ClientField, MessageKey>>;
export type ClientFormMode = "create" | "edit";

/** What the client actions answer to the form (and to ConfirmDialog for deletes). */
export type ClientActionResult = {
  ok: boolean;
  intent: string;
  clientId?: string;
  fieldErrors?: ClientFieldErrors;
  /** a failure that belongs to no field, already in the reader's language */
  error?: string;
  values?: ClientFormValues;
  toast?: ToastMessage;
};

export const EMPTY_CLIENT: ClientFormValues = {
  name: "",
  slug: "",
  contactEmail: "",
  notes: "",
  status: "active",
};

const LIMITS = { name: 200, slugMin: 2, slug: 60, email: 320, notes: 5000 } as const;
const emailCheck = z.email();

/** The form's fields as trimmed strings (slug and e-mail lower-cased, as core stores them). */
export function readClientForm(form: FormData): ClientFormValues {
  const text = (name: ClientField) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const status = text("status");
  return {
    name: text("name"),
    slug: text("slug").toLowerCase(),
    contactEmail: text("contactEmail").toLowerCase(),
    notes: text("notes"),
    status: (CLIENT_STATUSES as readonly string[]).includes(status) ? (status as ClientStatus) : "active",
  };
}

/** Field errors (message keys) of a client form; empty when it may be submitted. */
export function validateClientForm(values: ClientFormValues, mode: ClientFormMode): ClientFieldErrors {
  const errors: ClientFieldErrors = {};
  if (!values.name) errors.name = "studio.clients.error.nameRequired";
  else if (values.name.length > LIMITS.name) errors.name = "studio.clients.error.nameTooLong";
  if (!values.slug) {
    // Creating, an empty slug is made from the name; an existing client keeps one.
    if (mode === "edit") errors.slug = "studio.clients.error.slugRequired";
  } else if (values.slug.length < LIMITS.slugMin || values.slug.length > LIMITS.slug) {
    errors.slug = "studio.clients.error.slugLength";
  } else if (!SLUG_PATTERN.test(values.slug)) {
    errors.slug = "studio.clients.error.slugPattern";
  }
  if (
    values.contactEmail &&
    (values.contactEmail.length > LIMITS.email || !emailCheck.safeParse(values.contactEmail).success)
  ) {
    errors.contactEmail = "studio.clients.error.emailInvalid";
  }
  if (values.notes.length > LIMITS.notes) errors.notes = "studio.clients.error.notesTooLong";
  return errors;
}

const FIELD_ORDER: readonly ClientField[] = ["name", "slug", "contactEmail", "status", "notes"];

export type ClientFormProps = {
  mode: ClientFormMode;
  /** The route whose action handles intent=create / intent=update. */
  action: string;
  clientId?: string;
  defaults: ClientFormValues;
  /** A fresh key per opening (a dialog) so an old result is not shown again. */
  fetcherKey: string;
  /** The page's own action data: the answer to a submission made without JavaScript. */
  documentResult?: ClientActionResult;
  /** After a successful save (the toast is already shown). */
  onSaved?: (result: ClientActionResult) => void;
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
  const fetcher = useFetcher<ClientActionResult>({ key: fetcherKey });
  const intent = mode === "create" ? "create" : "update";
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<ClientFieldErrors | null>(null);

  const serverResult = fetcher.data ?? (documentResult?.intent === intent ? documentResult : undefined);
  const failed = serverResult && !serverResult.ok ? serverResult : undefined;
  const errors: ClientFieldErrors = clientErrors ?? failed?.fieldErrors ?? {};
  const values = failed?.values ?? defaults;
  const pending = fetcher.state !== "idle";

  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined);

  const saved = useEffectEvent((result: ClientActionResult) => onSaved?.(result));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) saved(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  // After a refused submission, take the reader to the first field the server complained about.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    const first = FIELD_ORDER.find((name) => fetcher.data?.fieldErrors?.[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = validateClientForm(readClientForm(new FormData(event.currentTarget)), mode);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      event.preventDefault();
      setClientErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors(null);
  };

  const message = (field: ClientField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      className={className ?? "grid gap-4"}
    >
      <input type="hidden" name="intent" value={intent} />
      {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
      {failed?.error ? <FormError>{failed.error}</FormError> : null}
      <Field label={t("studio.clients.form.name")} error={message("name")} required>
        <Input name="name" defaultValue={values.name} maxLength={LIMITS.name} autoComplete="organization" />
      </Field>
      <Field
        label={t("studio.clients.form.slug")}
        hint={t(mode === "create" ? "studio.clients.form.slugHint" : "studio.clients.form.slugEditHint")}
        error={message("slug")}
        required={mode === "edit"}
      >
        <Input
          name="slug"
          defaultValue={values.slug}
          maxLength={LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label={t("studio.clients.form.contactEmail")} error={message("contactEmail")}>
          <Input
            name="contactEmail"
            type="email"
            defaultValue={values.contactEmail}
            maxLength={LIMITS.email}
            autoComplete="off"
          />
        </Field>
        <Field label={t("studio.clients.form.status")} error={message("status")}>
          <Select
            name="status"
            defaultValue={values.status}
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
        error={message("notes")}
      >
        <Textarea name="notes" defaultValue={values.notes} maxLength={LIMITS.notes} rows={3} />
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
