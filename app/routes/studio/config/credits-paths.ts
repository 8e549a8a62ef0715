// Browser-safe constants of the credits pages: their paths and the ledger's period choices.
export const CREDIT_USAGE_PATH = "/studio/config/credit-usage";
export const CREDIT_OFFERS_PATH = "/studio/config/credit-offers";
export const CREDIT_BALANCES_PATH = "/studio/config/credit-balances";
export const CREDIT_PURCHASES_PATH = "/studio/config/credit-purchases";

/** The ledger's period filter: the last n days, today included. */
export const LEDGER_PERIODS = ["7d", "30d", "90d", "365d"] as const;
export type LedgerPeriod = (typeof LEDGER_PERIODS)[number];

export function periodStart(period: LedgerPeriod, now: Date): string {
  const days = Number(period.slice(0, -1));
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}
