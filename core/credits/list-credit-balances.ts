// /studio/config/credit-balances: every client with its balance, low-balance threshold and whether it is
// low (at or below the threshold), searched, filtered, sorted and paged (super admin).
import { and, asc, count, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { creditBalances } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import type { AppServices } from "../services.ts";

/** A client without a balance row has the column's default threshold. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 1000;

export const BALANCE_SORTS = ["name", "-name", "balance", "-balance", "threshold", "-threshold"] as const;
export const BALANCE_LEVELS = ["low", "ok"] as const;

const inputSchema = z.object({
  search: searchSchema,
  level: z.enum(BALANCE_LEVELS, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(BALANCE_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type BalanceRow = {
  clientId: string;
  name: string;
  slug: string | null;
  balance: number;
  threshold: number;
  low: boolean;
  updatedAt: Date | null;
};

export async function listCreditBalances(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<BalanceRow>> {
  requireSuperAdmin(actor);
  const { search, level, page, pageSize, sort } = parseInput(inputSchema, input);
  const balance = sql<number>`coalesce(${creditBalances.balance}, 0)`.mapWith(Number);
  const threshold =
    sql<number>`coalesce(${creditBalances.lowBalanceThreshold}, ${DEFAULT_LOW_BALANCE_THRESHOLD})`.mapWith(
      Number,
    );
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.slug, pattern))!);
  }
  if (level === "low") conditions.push(sql`${balance} <= ${threshold}`);
  if (level === "ok") conditions.push(sql`${balance} > ${threshold}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary = key === "balance" ? balance : key === "threshold" ? threshold : sql`lower(${clients.name})`;
  const from = () =>
    db
      .select({
        clientId: clients.uuid,
        name: clients.name,
        slug: clients.slug,
        balance,
        threshold,
        updatedAt: creditBalances.updatedAt,
      })
      .from(clients)
      .leftJoin(creditBalances, sql`${creditBalances.clientId} = ${clients.uuid}`);
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(direction(primary), asc(sql`lower(${clients.name})`), asc(clients.uuid))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(clients)
      .leftJoin(creditBalances, sql`${creditBalances.clientId} = ${clients.uuid}`)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, low: row.balance <= row.threshold })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
