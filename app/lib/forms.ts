// The one way a studio form is written: a zod schema exported by core, checked
// in the browser by Conform and again by the action (app/lib/form-action.server.ts), and one result
// shape for every action. Errors travel as message references and are translated where they are shown.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { MessageRef } from "./i18n.tsx";

export type ToastKind = "success" | "error" | "info" | "warning";

/** A toast an action asks for: its text is a message reference, translated in the reader's language. */
export type ToastRef = { kind: ToastKind; message: MessageRef; id?: string };

/** What every studio action returns. */
export type ActionResult<Payload = undefined> = {
  /** which of the page's forms answered ("intent" field); null for a page with one form */
  intent: string | null;
  /** Conform's reply: status, field and form errors (message references), values to refill */
  result: SubmissionResult<string[]>;
  toast?: ToastRef;
  /** what the operation returned, for pages that show it (a created id, a count…) */
  payload?: Payload;
};

export const INTENT_FIELD = "intent";

export function isActionResult(value: unknown): value is ActionResult<unknown> {
  return typeof value === "object" && value !== null && "result" in value && "intent" in value;
}

/** The result for one form of a page with several: null when another form answered. */
export function resultFor(
  actionData: unknown,
  intent: string | null,
): SubmissionResult<string[]> | null | undefined {
  return isActionResult(actionData) && actionData.intent === intent ? actionData.result : null;
}

/** True when the action for `intent` has just succeeded. */
export function succeeded(actionData: unknown, intent: string | null): boolean {
  return resultFor(actionData, intent)?.status === "success";
}

/**
 * Conform's useForm with the studio's defaults: validate a field when it loses focus, again on every
 * keystroke once it has shown an error, and submit only what passes the schema (the server checks again).
 */
export function useAppForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(options: {
  schema: Schema;
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[0]["defaultValue"];
}) {
  const { schema, ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    ...rest,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
