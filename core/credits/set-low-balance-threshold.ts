// Super admins set the balance at or below which a client is warned (dashboard, balances list).
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { creditBalances } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { setThresholdSchema } from "./credit-schemas.ts";
import { requireClient, type CreditServices } from "./shared.ts";

export async function setLowBalanceThreshold(
  services: Pick<CreditServices, "db">,
  actor: Actor,
  input: z.input<typeof setThresholdSchema>,
): Promise<{ clientId: string; threshold: number }> {
  requireSuperAdmin(actor);
  const data = parseInput(setThresholdSchema, input);
  return services.db.transaction(async (tx) => {
    await requireClient(tx, data.clientId);
    const [before] = await tx
      .select({ threshold: creditBalances.lowBalanceThreshold })
      .from(creditBalances)
      .where(sql`${creditBalances.clientId} = ${data.clientId}`)
      .for("update");
    // Without a ledger row yet the balance row starts at 0, which is the sum of no rows.
    await tx
      .insert(creditBalances)
      .values({ clientId: data.clientId, balance: 0, lowBalanceThreshold: data.threshold })
      .onConflictDoUpdate({
        target: creditBalances.clientId,
        set: { lowBalanceThreshold: data.threshold, updatedAt: sql`now()` },
      });
    await writeAuditLog(tx, actor, {
      action: "credits.threshold.set",
      entityType: "credit_balance",
      entityId: data.clientId,
      clientId: data.clientId,
      before: { threshold: before ? Number(before.threshold) : null },
      after: { threshold: data.threshold },
    });
    return { clientId: data.clientId, threshold: data.threshold };
  });
}
