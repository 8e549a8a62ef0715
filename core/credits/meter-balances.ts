// Reading a client's live balance for the meter: from the store, loading it from the database
// (balance − this instance's unwritten usage) the first time; remembers the clients it keeps up to date.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creditBalances } from "../../db/schema/credits.ts";
import type { LiveBalances } from "./live-balances.ts";
import type { MeterOwnUsage } from "./meter-own-usage.ts";

export type MeterBalances = ReturnType<typeof createMeterBalances>;

export function createMeterBalances(db: Database, store: LiveBalances, usage: MeterOwnUsage) {
  /** clients whose live balance this instance keeps up to date */
  const known = new Set<string>();
  const loading = new Map<string, Promise<void>>();

  async function dbBalance(clientId: string): Promise<number> {
    const [row] = await db
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.clientId, clientId));
    return row ? Number(row.balance) : 0;
  }

  function load(clientId: string): Promise<void> {
    let pending = loading.get(clientId);
    if (!pending) {
      pending = (async () => {
        const balance = await dbBalance(clientId);
        await store.init(clientId, balance, usage.own(clientId));
        known.add(clientId);
      })().finally(() => loading.delete(clientId));
      loading.set(clientId, pending);
    }
    return pending;
  }

  async function liveBalance(clientId: string): Promise<number> {
    const value = await store.get(clientId);
    if (value !== null) {
      known.add(clientId);
      return value;
    }
    await load(clientId);
    return (await store.get(clientId)) ?? dbBalance(clientId);
  }

  return { known, dbBalance, load, liveBalance };
}
