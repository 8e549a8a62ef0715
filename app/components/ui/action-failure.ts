// Reading an action's answer: did it fail, and with which message (ConfirmDialog, DataTable's bulk
// actions).
import { isActionResult } from "../../lib/forms.ts";
import { readToast } from "./toast.ts";

/**
 * Whether action data reports a failure: an ActionResult (app/lib/forms.ts) whose result is an error,
 * `{ ok: false }`, an `error` / `formError` message, field `errors`, or an error toast. Anything else
 * (including no data, after a redirect) is success.
 */
export function isActionFailure(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  if (isActionResult(data)) return data.result.status === "error" || readToast(data)?.kind === "error";
  if ("ok" in data && data.ok === false) return true;
  if ("error" in data && data.error) return true;
  if ("formError" in data && data.formError) return true;
  if ("errors" in data && data.errors) return true;
  return readToast(data)?.kind === "error";
}

/** The message to show for a failed action (a message reference for an ActionResult). */
export function failureMessage(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  if (isActionResult(data)) {
    const formError = data.result.error?.[""]?.[0];
    if (formError) return formError;
  }
  for (const key of ["formError", "error"] as const) {
    if (key in data) {
      const value: unknown = (data as Record<string, unknown>)[key];
      if (typeof value === "string" && value) return value;
    }
  }
  const toast = readToast(data);
  return toast?.kind === "error" ? toast.message : null;
}
