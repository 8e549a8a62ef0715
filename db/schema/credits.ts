import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apiKeys } from "./access.ts";
import { id, timestamps, tz } from "./columns.ts";
import { clients, profiles } from "./tenancy.ts";

export const creditCosts = pgTable("credit_costs", {
  /** operation id, e.g. "listShowtimes" */
  endpoint: text().primaryKey(),
  credits: integer().notNull().default(1),
  ...timestamps,
});

export const creditOffers = pgTable("credit_offers", {
  id: id(),
  name: text().notNull(),
  credits: bigint({ mode: "number" }).notNull(),
  /** minor units */
  price: integer().notNull(),
  currency: char({ length: 3 }).notNull().default("EUR"),
  activeFrom: tz(),
  activeUntil: tz(),
  visibleToClients: boolean().notNull().default(true),
  ...timestamps,
});

export const purchaseStatus = pgEnum("purchase_status", ["requested", "paid", "cancelled", "refunded"]);

export const creditPurchases = pgTable(
  "credit_purchases",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    offerId: uuid().references(() => creditOffers.id, { onDelete: "set null" }),
    credits: bigint({ mode: "number" }).notNull(),
    amount: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    status: purchaseStatus().notNull().default("requested"),
    invoiceRef: text(),
    requestedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    recordedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    paidAt: tz(),
    ...timestamps,
  },
  (t) => [index().on(t.clientId)],
);

export const creditTransactionKind = pgEnum("credit_transaction_kind", [
  "purchase",
  "usage",
  "adjustment",
  "refund",
]);

/** The ledger: every balance change is one row. */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    delta: bigint({ mode: "number" }).notNull(),
    kind: creditTransactionKind().notNull(),
    reference: text(),
    actorProfileId: uuid().references(() => profiles.id, { onDelete: "set null" }),
    reason: text(),
    ...timestamps,
  },
  (t) => [index().on(t.clientId, t.createdAt)],
);

/** Kept equal to the ledger's sum in the same transaction that writes the ledger row. */
export const creditBalances = pgTable("credit_balances", {
  clientId: uuid()
    .primaryKey()
    .references(() => clients.uuid, { onDelete: "cascade" }),
  balance: bigint({ mode: "number" }).notNull().default(0),
  lowBalanceThreshold: bigint({ mode: "number" }).notNull().default(1000),
  ...timestamps,
});

/** Daily aggregates per client, key and operation. */
export const creditUsage = pgTable(
  "credit_usage",
  {
    id: id(),
    day: date().notNull(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: "set null" }),
    operation: text().notNull(),
    requests: bigint({ mode: "number" }).notNull().default(0),
    credits: bigint({ mode: "number" }).notNull().default(0),
    errors: bigint({ mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.day, t.clientId, t.apiKeyId, t.operation), index().on(t.clientId, t.day)],
);

/** Widget impressions and click-throughs per client and day (for /studio/stats). */
export const widgetUsage = pgTable(
  "widget_usage",
  {
    id: id(),
    day: date().notNull(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    impressions: bigint({ mode: "number" }).notNull().default(0),
    clicks: bigint({ mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.day, t.clientId)],
);
