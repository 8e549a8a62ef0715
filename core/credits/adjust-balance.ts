// Super admins correct a client's balance by hand (a goodwill credit, a correction): an `adjustment`
// ledger row with the reason, which is required.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { requireRecentPassword } from "../access/recent-password.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { adjustBalanceSchema } from "./credit-schemas.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { followLedger, requireClient, type CreditServices } from "./shared.ts";

export async function adjustBalance(
  services: CreditServices,
  actor: Actor,
  input: z.input<typeof adjustBalanceSchema>,
): Promise<{ clientId: string; delta: number; balance: number; transactionId: string }> {
  requireSuperAdmin(actor);
  requireRecentPassword(actor);
  const data = parseInput(adjustBalanceSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await requireClient(tx, data.clientId);
    const entry = await appendLedgerEntry(tx, {
      clientId: data.clientId,
      delta: data.delta,
      kind: "adjustment",
      reference: null,
      actorProfileId: actor.profileId,
      reason: data.reason,
    });
    await writeAuditLog(tx, actor, {
      action: "credits.balance.adjust",
      entityType: "credit_balance",
      entityId: data.clientId,
      clientId: data.clientId,
      before: { balance: entry.balance - data.delta },
      after: { balance: entry.balance, delta: data.delta, reason: data.reason },
    });
    return { clientId: data.clientId, delta: data.delta, ...entry };
  });
  await followLedger(services, result.clientId, result.delta);
  return result;
}
