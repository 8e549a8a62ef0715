// This instance's credits per client that are not in the ledger yet, in the three states a call's cost
// goes through: reserved (charge asked for), admitted (its answer arrived), recorded (the call finished;
// buffered until a flush commits it). The live balance stores are told these counts (`OwnUsage`).
import type { OwnUsage } from "./live-balances.ts";

export type MeterOwnUsage = ReturnType<typeof createMeterOwnUsage>;

export function createMeterOwnUsage() {
  /** charged and not yet recorded (or refunded), counted from the moment the charge is asked for */
  const reserved = new Map<string, number>();
  /** the part of `reserved` whose charge is known to be admitted (its answer has arrived) */
  const admitted = new Map<string, number>();
  /** recorded and not yet committed to the ledger (buffered, being written, or waiting for a retry) */
  const recorded = new Map<string, number>();

  const add = (map: Map<string, number>, clientId: string, amount: number) => {
    const next = (map.get(clientId) ?? 0) + amount;
    if (next === 0) map.delete(clientId);
    else map.set(clientId, next);
  };
  const pending = (clientId: string) => (reserved.get(clientId) ?? 0) + (recorded.get(clientId) ?? 0);

  return {
    /** credits reserved or recorded and not yet in the ledger */
    pending,
    own: (clientId: string): OwnUsage => ({
      pending: pending(clientId),
      applied: (admitted.get(clientId) ?? 0) + (recorded.get(clientId) ?? 0),
    }),
    reserve: (clientId: string, credits: number) => add(reserved, clientId, credits),
    unreserve: (clientId: string, credits: number) => add(reserved, clientId, -credits),
    admit: (clientId: string, credits: number) => add(admitted, clientId, credits),
    refund(clientId: string, credits: number) {
      add(reserved, clientId, -credits);
      add(admitted, clientId, -credits);
    },
    /** the reservation becomes recorded usage: the live balance already counts it */
    record(clientId: string, credits: number) {
      add(reserved, clientId, -credits);
      add(admitted, clientId, -credits);
      add(recorded, clientId, credits);
    },
    /** recorded usage taken up from elsewhere (a spill file) */
    addRecorded: (clientId: string, credits: number) => add(recorded, clientId, credits),
    /** recorded usage is in the ledger now (or dropped with its client) */
    committed: (clientId: string, credits: number) => add(recorded, clientId, -credits),
  };
}
