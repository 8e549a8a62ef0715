// Actions on the server side of the one form pattern (app/lib/forms.ts): read the body, parse it with
// the form's core schema, run one core operation, answer with ActionResult. An AppError becomes a
// form error (its reason) and field errors with the right status; anything else is a real failure.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { PASSWORD_CHECK_REQUIRED } from "../../core/access/recent-password.ts";
import { AppError, isAppError } from "../../core/errors.ts";
import { messageRef, type MessageValues } from "../../core/i18n/message-ref.ts";
import { INTENT_FIELD, type ActionResult, type ToastRef } from "./forms.ts";
import { VERIFY_PASSWORD_PATH } from "./route-access.ts";

/** The submitted form; a body that is not a form is refused with 400 (never a 500). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}

/** The form's intent field: one of `intents`, else null. */
export function readIntent<const I extends string>(form: FormData, intents: readonly I[]): I | null {
  const value = form.get(INTENT_FIELD);
  return intents.find((intent) => intent === value) ?? null;
}

export type ParsedForm<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;

export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): ParsedForm<Schema> {
  return parseWithZod(form, { schema });
}

type ReplyOptions<Payload> = {
  toast?: ToastRef;
  payload?: Payload;
  /** clear the form after success (an invite, a password change) */
  resetForm?: boolean;
  /** never send these back (passwords) */
  hideFields?: string[];
  headers?: HeadersInit;
  status?: number;
};

/** Success: the toast, the payload, and the form reset or refilled. */
export function succeed<Payload = undefined>(
  intent: string | null,
  submission: ParsedForm<z.ZodType>,
  options: ReplyOptions<Payload> = {},
) {
  // Conform's reset reply carries no status; the page still needs to know it succeeded (to close a
  // dialog, and so the form does not count as holding unsaved changes).
  const result = options.resetForm
    ? { ...submission.reply({ resetForm: true }), status: "success" as const }
    : submission.reply({ hideFields: options.hideFields });
  return data<ActionResult<Payload>>(
    { intent, result, toast: options.toast, payload: options.payload },
    { status: options.status ?? 200, headers: options.headers },
  );
}

/** A refusal: the AppError's field errors beside the fields, else its reason as the form's error. */
export function refuse(
  intent: string | null,
  submission: ParsedForm<z.ZodType>,
  error: AppError,
  options: Pick<ReplyOptions<never>, "hideFields" | "headers"> & { toast?: boolean } = {},
) {
  // A dangerous action after a while without the password: enter it again, then come back.
  if (error.reason === PASSWORD_CHECK_REQUIRED) throw redirect(VERIFY_PASSWORD_PATH);
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, ref]) => [field, [ref]]),
  );
  const headers = new Headers(options.headers);
  if (error.retryAfterSeconds) headers.set("Retry-After", String(error.retryAfterSeconds));
  return data<ActionResult<never>>(
    {
      intent,
      // Field errors say it beside the fields; the reason is the form's error only when none does.
      result: submission.reply({
        formErrors: Object.keys(fieldErrors).length > 0 ? [] : [error.messageRef],
        fieldErrors,
        hideFields: options.hideFields,
      }),
      toast: options.toast ? { kind: "error", message: error.messageRef } : undefined,
    },
    { status: error.status, headers },
  );
}

/** The schema said no: field errors, 400. */
export function invalid(intent: string | null, submission: ParsedForm<z.ZodType>, hideFields?: string[]) {
  return data<ActionResult<never>>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
}

/**
 * The whole of most actions: parse `form` with `schema`, run `operation` with the valid value, and
 * answer — success with what `onSuccess` adds, an AppError as a refusal, anything else rethrown.
 */
export async function runForm<Schema extends z.ZodType, Output, Payload = undefined>(
  intent: string | null,
  form: FormData,
  schema: Schema,
  operation: (value: z.output<Schema>) => Promise<Output>,
  onSuccess: (output: Output) => ReplyOptions<Payload> = () => ({}),
  options: { hideFields?: string[]; toastOnError?: boolean } = {},
) {
  const submission = parseForm(form, schema);
  if (submission.status !== "success") return invalid(intent, submission, options.hideFields);
  try {
    const output = await operation(submission.value);
    return succeed<Payload>(intent, submission, { hideFields: options.hideFields, ...onSuccess(output) });
  } catch (error) {
    if (isAppError(error))
      return refuse(intent, submission, error, {
        hideFields: options.hideFields,
        toast: options.toastOnError,
      });
    throw error;
  }
}

/** What a form's success adds: a success toast saying `key` with `values`. */
export function successToast(key: Parameters<typeof messageRef>[0], values?: MessageValues) {
  return { toast: { kind: "success" as const, message: messageRef(key, values) } };
}

/** A request naming no known form of the page. */
export function unknownIntent() {
  return data<ActionResult<never>>(
    {
      intent: null,
      result: { status: "error", error: { "": [messageRef("error.form.unknownAction")] } },
    },
    { status: 400 },
  );
}

export { AppError };
