// The two links of the alert e-mails: confirm (double opt-in) and unsubscribe (RFC 8058 one-click: a POST
// to the List-Unsubscribe address unsubscribes with no further step). GET only shows a button, so a mail
// scanner that follows links confirms and unsubscribes nothing.
import { confirmAlert } from "../../../core/alerts/confirm-alert.ts";
import { unsubscribeAlert } from "../../../core/alerts/unsubscribe-alert.ts";
import { isAppError } from "../../../core/errors.ts";
import { requestMeta } from "../../../core/request-meta.ts";
import type { AppServices } from "../../../core/services.ts";
import type { LinkOutcome } from "./follow-state.ts";

export function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "";
}

async function outcome(run: () => Promise<unknown>): Promise<LinkOutcome> {
  try {
    await run();
    return "done";
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return "invalid";
    throw error;
  }
}

export async function confirmFromLink(services: AppServices, request: Request): Promise<LinkOutcome> {
  // Tokens cannot be guessed, but each try costs a query: limit them per client address.
  const wait = await services.accounts.limits.take("alertTokenIp", requestMeta(request).ip ?? "unknown");
  if (wait > 0) return "tooMany";
  return outcome(() => confirmAlert(services, { token: tokenOf(request) }));
}

export async function unsubscribeFromLink(services: AppServices, request: Request): Promise<LinkOutcome> {
  return outcome(() => unsubscribeAlert(services, { token: tokenOf(request) }));
}

export const OUTCOME_STATUS: Record<LinkOutcome, number> = { done: 200, invalid: 400, tooMany: 429 };
