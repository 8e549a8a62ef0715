// /studio/config/credit-purchases: purchases of every client (or one), by status, searched by client or
// invoice reference, sorted and paged (super admin).
import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { creditBalances, creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import { clients, profiles } from "../../db/schema/tenancy.ts";
import { users } from "../../db/schema/auth.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { idSchema } from "../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { purchaseStatusSchema, type PurchaseStatus } from "./credit-schemas.ts";
import type { AppServices } from "../services.ts";

export const PURCHASE_SORTS = [
  "createdAt",
  "-createdAt",
  "client",
  "-client",
  "credits",
  "-credits",
  "amount",
  "-amount",
  "status",
  "-status",
] as const;

const inputSchema = z.object({
  search: searchSchema,
  status: purchaseStatusSchema.optional(),
  clientId: idSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(PURCHASE_SORTS, { error: "validation.choiceInvalid" }).default("-createdAt"),
});

export type PurchaseRow = {
  id: string;
  clientId: string;
  clientName: string;
  /** the client's balance now (what a confirmation or refund starts from) */
  clientBalance: number;
  offerName: string | null;
  credits: number;
  amount: number;
  currency: string;
  status: PurchaseStatus;
  invoiceRef: string | null;
  requestedByName: string | null;
  recordedByName: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

export async function listCreditPurchases(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<PurchaseRow>> {
  requireSuperAdmin(actor);
  const { search, status, clientId, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(clients.name, pattern),
        ilike(creditPurchases.invoiceRef, pattern),
        ilike(creditOffers.name, pattern),
      )!,
    );
  }
  if (status) conditions.push(eq(creditPurchases.status, status));
  if (clientId) conditions.push(eq(creditPurchases.clientId, clientId));
  const where = conditions.length ? and(...conditions) : undefined;

  const requester = aliasedTable(profiles, "requester");
  const requesterUser = aliasedTable(users, "requester_user");
  const recorder = aliasedTable(profiles, "recorder");
  const recorderUser = aliasedTable(users, "recorder_user");
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "client"
      ? sql`lower(${clients.name})`
      : key === "credits"
        ? creditPurchases.credits
        : key === "amount"
          ? creditPurchases.amount
          : key === "status"
            ? creditPurchases.status
            : creditPurchases.createdAt;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: creditPurchases.id,
        clientId: creditPurchases.clientId,
        clientName: clients.name,
        clientBalance: sql<number>`coalesce(${creditBalances.balance}, 0)`.mapWith(Number),
        offerName: creditOffers.name,
        credits: creditPurchases.credits,
        amount: creditPurchases.amount,
        currency: creditPurchases.currency,
        status: creditPurchases.status,
        invoiceRef: creditPurchases.invoiceRef,
        requestedByName: sql<string | null>`coalesce(${requester.displayName}, ${requesterUser.name})`,
        recordedByName: sql<string | null>`coalesce(${recorder.displayName}, ${recorderUser.name})`,
        paidAt: creditPurchases.paidAt,
        createdAt: creditPurchases.createdAt,
      })
      .from(creditPurchases)
      .innerJoin(clients, eq(clients.uuid, creditPurchases.clientId))
      .leftJoin(creditOffers, eq(creditOffers.id, creditPurchases.offerId))
      .leftJoin(creditBalances, eq(creditBalances.clientId, creditPurchases.clientId))
      .leftJoin(requester, eq(requester.id, creditPurchases.requestedBy))
      .leftJoin(requesterUser, eq(requesterUser.id, requester.userId))
      .leftJoin(recorder, eq(recorder.id, creditPurchases.recordedBy))
      .leftJoin(recorderUser, eq(recorderUser.id, recorder.userId))
      .where(where)
      .orderBy(direction(primary), desc(creditPurchases.createdAt), asc(creditPurchases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(creditPurchases)
      .innerJoin(clients, eq(clients.uuid, creditPurchases.clientId))
      .leftJoin(creditOffers, eq(creditOffers.id, creditPurchases.offerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}
