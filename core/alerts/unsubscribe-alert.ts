// One-click unsubscribe (RFC 8058): the token names the alert, which is deleted. A genuine token of an
// alert already gone answers the same (a second click, a mail provider's retry).
import { eq } from "drizzle-orm";
import { showtimeAlerts } from "../../db/schema/alerts.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { alertIdOf, alertKey } from "./alert-tokens.ts";

export async function unsubscribeAlert(
  services: Pick<AppServices, "db" | "feeds">,
  input: { token: string },
): Promise<{ unsubscribed: true }> {
  const id = alertIdOf(alertKey(services.feeds.credentialsKey), input.token);
  if (!id) throw new AppError("not_found", "alerts.linkInvalid");
  await services.db.delete(showtimeAlerts).where(eq(showtimeAlerts.id, id));
  return { unsubscribed: true };
}
