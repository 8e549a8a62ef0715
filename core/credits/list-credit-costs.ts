// /studio/config/credit-usage: what one call of each API operation costs (the credit_costs row, else the
// operation's default), with whether it was set by hand (super admin).
import { creditCosts } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { API_OPERATION_IDS, API_OPERATIONS, type ApiOperationId } from "../api/operations.ts";
import type { AppServices } from "../services.ts";

export type CreditCostRow = {
  operation: ApiOperationId;
  credits: number;
  defaultCost: number;
  /** a credit_costs row exists */
  set: boolean;
  updatedAt: Date | null;
};

export async function listCreditCosts(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
): Promise<CreditCostRow[]> {
  requireSuperAdmin(actor);
  const rows = await db.select().from(creditCosts);
  const byOperation = new Map(rows.map((row) => [row.endpoint, row]));
  return API_OPERATION_IDS.map((operation) => {
    const row = byOperation.get(operation);
    return {
      operation,
      credits: row?.credits ?? API_OPERATIONS[operation].defaultCost,
      defaultCost: API_OPERATIONS[operation].defaultCost,
      set: row !== undefined,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}
