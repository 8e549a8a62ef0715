// /studio/config/credit-usage: the platform's ledger (every credit_transactions row), filtered by client,
// kind and period, searched by client, reference or reason, sorted and paged (super admin); also its export.
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { creditTransactions } from "../../db/schema/credits.ts";
import { clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { idSchema } from "../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { LEDGER_KIND_VALUES } from "./credit-schemas.ts";
import type { LedgerKind } from "./ledger.ts";
import type { AppServices } from "../services.ts";

export const LEDGER_SORTS = ["createdAt", "-createdAt", "delta", "-delta", "client", "-client"] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "studio.credits.validation.date" })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "studio.credits.validation.date" });

const inputSchema = z.object({
  search: searchSchema,
  clientId: idSchema.optional(),
  kind: z.enum(LEDGER_KIND_VALUES, { error: "validation.choiceInvalid" }).optional(),
  /** first day included (UTC) */
  from: day.optional(),
  /** last day included (UTC) */
  to: day.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(LEDGER_SORTS, { error: "validation.choiceInvalid" }).default("-createdAt"),
});

export type LedgerRow = {
  id: string;
  clientId: string;
  clientName: string;
  delta: number;
  kind: LedgerKind;
  reference: string | null;
  reason: string | null;
  actorName: string | null;
  createdAt: Date;
};

export async function listCreditLedger(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<LedgerRow> & { sum: number }> {
  requireSuperAdmin(actor);
  const { search, clientId, kind, from, to, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(clients.name, pattern),
        ilike(creditTransactions.reference, pattern),
        ilike(creditTransactions.reason, pattern),
      )!,
    );
  }
  if (clientId) conditions.push(eq(creditTransactions.clientId, clientId));
  if (kind) conditions.push(eq(creditTransactions.kind, kind));
  if (from) conditions.push(gte(creditTransactions.createdAt, new Date(`${from}T00:00:00Z`)));
  if (to)
    conditions.push(lt(creditTransactions.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;

  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "delta"
      ? creditTransactions.delta
      : key === "client"
        ? sql`lower(${clients.name})`
        : creditTransactions.createdAt;

  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: creditTransactions.id,
        clientId: creditTransactions.clientId,
        clientName: clients.name,
        delta: creditTransactions.delta,
        kind: creditTransactions.kind,
        reference: creditTransactions.reference,
        reason: creditTransactions.reason,
        actorName: sql<string | null>`coalesce(${profiles.displayName}, ${users.name})`,
        createdAt: creditTransactions.createdAt,
      })
      .from(creditTransactions)
      .innerJoin(clients, eq(clients.uuid, creditTransactions.clientId))
      .leftJoin(profiles, eq(profiles.id, creditTransactions.actorProfileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where)
      .orderBy(direction(primary), desc(creditTransactions.createdAt), asc(creditTransactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count(), sum: sql<string | null>`sum(${creditTransactions.delta})` })
      .from(creditTransactions)
      .innerJoin(clients, eq(clients.uuid, creditTransactions.clientId))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0, sum: Number(totals?.sum ?? 0), page, pageSize };
}
