// GET /api/v1/usage: the caller's own credit balance and its API usage by day and operation (all of the
// client's keys), from the daily aggregates the meter flushes to credit_usage. Free of charge.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { addDays } from "../../showtimes/listing-day.ts";

/** Days shown when no window is given; the longest window accepted. */
export const DEFAULT_USAGE_DAYS = 30;
export const MAX_USAGE_DAYS = 366;

export type ApiUsageDay = {
  date: string;
  operation: string;
  requests: number;
  credits: number;
  errors: number;
};

export type ApiUsage = {
  /** the live balance: what X-Credits-Remaining shows */
  balance: number;
  low_balance_threshold: number | null;
  from: string;
  to: string;
  totals: { requests: number; credits: number; errors: number };
  days: ApiUsageDay[];
};

export type GetUsageInput = {
  /** YYYY-MM-DD (UTC days), both included */
  from?: string;
  to?: string;
};

type Row = {
  date: string | Date;
  operation: string;
  requests: number | string;
  credits: number | string;
  errors: number | string;
};

const isoDay = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

export async function getUsage(
  services: { db: Database; now: () => Date },
  caller: { clientId: string; balance: number },
  input: GetUsageInput,
): Promise<ApiUsage> {
  const today = services.now().toISOString().slice(0, 10);
  const to = input.to ?? (input.from ? addDays(input.from, DEFAULT_USAGE_DAYS - 1) : today);
  const from = input.from ?? addDays(to, -(DEFAULT_USAGE_DAYS - 1));
  const rows = await queryRows<Row>(
    services.db,
    sql`
      select u.day::text as date, u.operation, sum(u.requests)::bigint as requests,
             sum(u.credits)::bigint as credits, sum(u.errors)::bigint as errors
      from credit_usage u
      where u.client_id = ${caller.clientId}::uuid and u.day between ${from}::date and ${to}::date
      group by u.day, u.operation
      order by u.day, u.operation
    `,
  );
  const [threshold] = await queryRows<{ low_balance_threshold: number | string }>(
    services.db,
    sql`select low_balance_threshold from credit_balances where client_id = ${caller.clientId}::uuid`,
  );
  const days = rows.map((row) => ({
    date: isoDay(row.date),
    operation: row.operation,
    requests: Number(row.requests),
    credits: Number(row.credits),
    errors: Number(row.errors),
  }));
  const sum = (pick: (day: ApiUsageDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    balance: caller.balance,
    low_balance_threshold: threshold ? Number(threshold.low_balance_threshold) : null,
    from,
    to,
    totals: {
      requests: sum((d) => d.requests),
      credits: sum((d) => d.credits),
      errors: sum((d) => d.errors),
    },
    days,
  };
}
