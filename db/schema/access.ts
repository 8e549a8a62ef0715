import {
  type AnyPgColumn,
  char,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  date,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { bundles, countries } from "./catalog.ts";
import { id, timestamps, tz } from "./columns.ts";
import { clients, profiles } from "./tenancy.ts";

export const countryAccess = pgTable(
  "country_access",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    countryCode: char({ length: 2 }).references(() => countries.code, { onDelete: "cascade" }),
    bundleId: uuid().references(() => bundles.id, { onDelete: "cascade" }),
    validFrom: date().notNull().defaultNow(),
    validUntil: date(),
    ...timestamps,
  },
  (t) => [
    index().on(t.clientId),
    check("country_access_one_target", sql`(${t.countryCode} is null) <> (${t.bundleId} is null)`),
  ],
);

export const domains = pgTable(
  "domains",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    /** exact host, or *.example.nl for subdomains */
    hostname: text().notNull(),
    createdBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.clientId, t.hostname)],
);

export const apiKeyKind = pgEnum("api_key_kind", ["secret", "publishable"]);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    name: text().notNull(),
    kind: apiKeyKind().notNull(),
    /** the first characters, shown in lists */
    prefix: text().notNull(),
    /** SHA-256 of the full key; the key itself is shown once and never stored */
    hash: text().notNull().unique(),
    scopes: text().array().notNull().default([]),
    /** subset of the client's countries; empty = all granted */
    allowedCountries: text().array().notNull().default([]),
    rateLimitPerMinute: integer().notNull().default(60),
    expiresAt: tz(),
    lastUsedAt: tz(),
    revokedAt: tz(),
    /** the key this one replaced by rotation (that key stays valid until its expires_at) */
    rotatedFromId: uuid().references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
    createdBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.clientId)],
);
