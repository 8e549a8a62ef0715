import { bigint, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./columns.ts";

export const cacheNamespace = pgEnum("cache_namespace", ["api-response", "external-metadata", "computed"]);

/** Index of cache entries; the payload lives in the cache store (memory or Redis). */
export const cachedData = pgTable(
  "cached_data",
  {
    id: id(),
    key: text().notNull().unique(),
    namespace: cacheNamespace().notNull(),
    size: integer().notNull(),
    hits: bigint({ mode: "number" }).notNull().default(0),
    expiresAt: tz(),
    ...timestamps,
  },
  (t) => [index().on(t.namespace), index().on(t.expiresAt)],
);
