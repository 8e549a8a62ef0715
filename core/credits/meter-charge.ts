// Reserving a call's cost against the live balance before the handler runs.
import type { LiveBalances, LiveCharge } from "./live-balances.ts";
import type { MeterBalances } from "./meter-balances.ts";
import type { MeterOwnUsage } from "./meter-own-usage.ts";
import type { ChargeResult } from "./credit-types.ts";

type ChargeDeps = { store: LiveBalances; usage: MeterOwnUsage; balances: MeterBalances };

/**
 * The charge when the store lost the balance again right after loading it (it switched between Redis and
 * memory in between): the database decides, by the store's own rule. `before` is the database balance
 * less this instance's other unwritten calls (they count as spent); a balance above zero admits the call.
 */
export function chargeAgainstDatabase(before: number, credits: number): LiveCharge {
  return before > 0
    ? { state: "admitted", remaining: before - credits }
    : { state: "refused", remaining: before };
}

export async function chargeCredits(
  { store, usage, balances }: ChargeDeps,
  clientId: string,
  credits: number,
): Promise<ChargeResult> {
  if (credits <= 0) return { admitted: true, remaining: await balances.liveBalance(clientId) };
  // Reserved before asking, so a recomputation running meanwhile counts this call as pending.
  const applied = usage.own(clientId);
  usage.reserve(clientId, credits);
  try {
    let result = await store.charge(clientId, credits, applied);
    if (result.state === "missing") {
      // Not applied: the loaded balance must not count this call as already spent.
      usage.unreserve(clientId, credits);
      await balances.load(clientId);
      usage.reserve(clientId, credits);
      result = await store.charge(clientId, credits, usage.own(clientId));
    }
    if (result.state === "missing") {
      const before = (await balances.dbBalance(clientId)) - (usage.pending(clientId) - credits);
      result = chargeAgainstDatabase(before, credits);
    }
    if (result.state === "admitted") {
      usage.admit(clientId, credits);
      balances.known.add(clientId);
      return { admitted: true, remaining: result.remaining };
    }
    usage.unreserve(clientId, credits);
    return { admitted: false, remaining: result.state === "refused" ? result.remaining : 0 };
  } catch (error) {
    usage.unreserve(clientId, credits);
    throw error;
  }
}
