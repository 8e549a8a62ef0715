// The frame every studio dialog form shares: a fetcher that toasts its answer and reports success,
// the posted intent and hidden values, the form-level refusal above the fields, the submit row below.
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { type ActionResult, resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText } from "../../lib/i18n.tsx";
import { Button, type ButtonVariant } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useUnsavedChanges } from "../ui/unsaved-changes.tsx";
import { useToastFromData } from "../ui/toast.ts";

/** What every dialog form takes. */
export type FormBase = {
  action: string;
  /** a fresh key per opening (a dialog), so an old answer is not shown again */
  fetcherKey: string;
  onSaved?: () => void;
  /** buttons beside submit (a dialog's Cancel) */
  secondary?: ReactNode;
};

/** A form's fetcher: the toast of its answer, and `onSaved` once it succeeded. */
export function useFormFetcher(fetcherKey: string, onSaved?: () => void) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  // The form shows a refusal itself (above or beside its fields): only successes are toasted.
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined, { errorsShownInline: true });
  const saved = useEffectEvent(() => onSaved?.());
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result.status === "success") saved();
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

/**
 * A form's fetcher and its Conform form together: the action's answer to `intent` is the form's last
 * result (field errors, the form-level refusal). `id` defaults to the fetcher's key.
 */
export function useIntentForm<Schema extends Parameters<typeof useAppForm>[0]["schema"]>(options: {
  fetcherKey: string;
  intent: string;
  schema: Schema;
  id?: string;
  onSaved?: () => void;
  defaultValue?: Parameters<typeof useAppForm<Schema>>[0]["defaultValue"];
}) {
  const fetcher = useFormFetcher(options.fetcherKey, options.onSaved);
  const [form, fields] = useAppForm({
    schema: options.schema,
    id: options.id ?? options.fetcherKey,
    lastResult: resultFor(fetcher.data, options.intent),
    defaultValue: options.defaultValue,
  });
  return { fetcher, form, fields };
}

/** The submit row: `secondary` (a dialog's Cancel) beside the submit button. */
export function FormActions({
  secondary,
  pending,
  label,
  variant,
}: {
  secondary?: ReactNode;
  pending: boolean;
  label: string;
  /** "danger" for a destructive submit */
  variant?: ButtonVariant;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {secondary}
      <Button type="submit" pending={pending} variant={variant}>
        {label}
      </Button>
    </div>
  );
}

/** Posts to `action` with its intent and hidden values; the refusal above the fields, submit below. */
export function IntentForm<Schema extends Record<string, unknown>>({
  fetcher,
  form,
  action,
  intent,
  hidden,
  secondary,
  submitLabel,
  submitVariant,
  encType,
  children,
}: {
  fetcher: ReturnType<typeof useFormFetcher>;
  form: FormMetadata<Schema, string[]>;
  action: string;
  intent: string;
  hidden?: Record<string, string>;
  secondary?: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** "multipart/form-data" for a form with a file */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const errorText = useErrorText();
  // Dirty: edited (typing, choosing, ticking) and no successful save answered since that edit.
  const [lastEdit, setLastEdit] = useState<{ dataBefore: unknown } | null>(null);
  const savedSinceEdit =
    lastEdit !== null && fetcher.data !== lastEdit.dataBefore && fetcher.data?.result.status === "success";
  const dirty = lastEdit !== null && !savedSinceEdit;
  const leavePrompt = useUnsavedChanges(dirty && fetcher.state === "idle");
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={encType}
      {...getFormProps(form)}
      onInput={() => setLastEdit({ dataBefore: fetcher.data })}
      className="grid gap-4"
    >
      {leavePrompt}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError>{errorText(form.errors)?.join(" ")}</FormError>
      {children}
      <FormActions
        secondary={secondary}
        pending={fetcher.state !== "idle"}
        label={submitLabel}
        variant={submitVariant}
      />
    </fetcher.Form>
  );
}
