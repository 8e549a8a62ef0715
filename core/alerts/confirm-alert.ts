// The confirmation link's second step: the token (its hash) names a pending alert sent in the last week;
// confirming starts it from now (only shows first seen from now on are announced).
import { and, eq, gte, sql } from "drizzle-orm";
import { showtimeAlerts } from "../../db/schema/alerts.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { alertTokenSchema } from "./alert-schemas.ts";
import { hashToken } from "./alert-tokens.ts";

export const CONFIRM_LINK_DAYS = 7;

export async function confirmAlert(
  services: Pick<AppServices, "db" | "now">,
  input: { token: string },
): Promise<{ confirmed: true }> {
  const token = alertTokenSchema.safeParse(input.token);
  if (!token.success) throw new AppError("not_found", "alerts.linkInvalid");
  const since = new Date(services.now().getTime() - CONFIRM_LINK_DAYS * 86_400_000);
  const [row] = await services.db
    .update(showtimeAlerts)
    .set({
      status: "confirmed",
      confirmTokenHash: null,
      confirmedAt: services.now(),
      // the database's clock, as the showtimes' first_seen_at
      notifiedThrough: sql`now()`,
    })
    .where(
      and(
        eq(showtimeAlerts.confirmTokenHash, hashToken(token.data)),
        eq(showtimeAlerts.status, "pending"),
        gte(showtimeAlerts.confirmSentAt, since),
      ),
    )
    .returning({ id: showtimeAlerts.id });
  if (!row) throw new AppError("not_found", "alerts.linkInvalid");
  return { confirmed: true };
}
