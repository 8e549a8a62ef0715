// /studio/config/credit-offers: every offer with its state (on sale, scheduled, ended) and how often it was
// bought, searched, filtered, sorted and paged (super admin).
import { and, asc, count, desc, gt, ilike, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { offerActiveAt, offerColumns, offerState, type OfferRecord, type OfferState } from "./offers.ts";
import type { AppServices } from "../services.ts";

export const OFFER_SORTS = [
  "name",
  "-name",
  "credits",
  "-credits",
  "price",
  "-price",
  "createdAt",
  "-createdAt",
] as const;
export const OFFER_STATES = ["active", "scheduled", "ended"] as const satisfies readonly OfferState[];

const inputSchema = z.object({
  search: searchSchema,
  state: z.enum(OFFER_STATES, { error: "validation.choiceInvalid" }).optional(),
  visible: z.enum(["yes", "no"], { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(OFFER_SORTS, { error: "validation.choiceInvalid" }).default("credits"),
});

export type OfferRow = OfferRecord & { state: OfferState; purchases: number };

export async function listCreditOffers(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<OfferRow>> {
  requireSuperAdmin(actor);
  const { search, state, visible, page, pageSize, sort } = parseInput(inputSchema, input);
  const at = now();
  const conditions: SQL[] = [];
  if (search) conditions.push(ilike(creditOffers.name, likePattern(search)));
  if (state === "active") conditions.push(offerActiveAt(at));
  if (state === "scheduled")
    conditions.push(and(isNotNull(creditOffers.activeFrom), gt(creditOffers.activeFrom, at))!);
  if (state === "ended")
    conditions.push(and(isNotNull(creditOffers.activeUntil), lte(creditOffers.activeUntil, at))!);
  if (visible) conditions.push(sql`${creditOffers.visibleToClients} = ${visible === "yes"}`);
  const where = conditions.length ? and(...conditions) : undefined;
  // Qualified by table name: both tables have an "id", and the subquery must see the outer offer's.
  const purchases =
    sql<number>`(select count(*) from ${creditPurchases} where ${creditPurchases}.offer_id = ${creditOffers}.id)`.mapWith(
      Number,
    );
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "credits"
      ? creditOffers.credits
      : key === "price"
        ? creditOffers.price
        : key === "createdAt"
          ? creditOffers.createdAt
          : sql`lower(${creditOffers.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...offerColumns, purchases })
      .from(creditOffers)
      .where(where)
      .orderBy(direction(primary), asc(sql`lower(${creditOffers.name})`), asc(creditOffers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(creditOffers).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, state: offerState(row, at) })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
