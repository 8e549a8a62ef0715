// The cached-data page's table: every registered cache's live entries, searched by key (a part of it,
// any case), filtered by namespace, sorted by key, size, age, hits or time left, one page of them.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import { cachesOf, type CacheServices } from "./cache-services.ts";
import { listCacheEntriesSchema, type CacheNamespace } from "./cache-schemas.ts";
import type { CacheLocation } from "./inspectable-cache.ts";

export type CacheEntryRow = {
  namespace: CacheNamespace;
  location: CacheLocation;
  key: string;
  size: number;
  storedAt: Date | null;
  /** seconds since it was stored; null when the store cannot tell */
  ageSeconds: number | null;
  ttlSeconds: number | null;
  hits: number;
};

type SortKey = "key" | "size" | "age" | "hits" | "ttl";
// Unknown ages and lifetimes sort last either way.
const value = (row: CacheEntryRow, key: SortKey): string | number | null =>
  key === "key" ? row.key : key === "age" ? row.ageSeconds : key === "ttl" ? row.ttlSeconds : row[key];

export async function listCacheEntries(
  services: CacheServices,
  actor: Actor,
  input: z.input<typeof listCacheEntriesSchema>,
) {
  requireSuperAdmin(actor);
  const data = parseInput(listCacheEntriesSchema, input);
  const now = services.now().getTime();
  const search = data.search?.toLowerCase();
  const rows: CacheEntryRow[] = [];
  for (const cache of cachesOf(services, data.namespace)) {
    for (const entry of await cache.entries()) {
      if (search && !entry.key.toLowerCase().includes(search)) continue;
      rows.push({
        ...entry,
        namespace: cache.namespace,
        location: cache.location,
        ageSeconds: entry.storedAt ? Math.max(0, Math.floor((now - entry.storedAt.getTime()) / 1000)) : null,
      });
    }
  }
  const descending = data.sort.startsWith("-");
  const key = data.sort.replace(/^-/, "") as SortKey;
  rows.sort((a, b) => {
    const x = value(a, key);
    const y = value(b, key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -order : order) || a.key.localeCompare(b.key);
  });
  const start = (data.page - 1) * data.pageSize;
  return {
    rows: rows.slice(start, start + data.pageSize),
    total: rows.length,
    page: data.page,
    pageSize: data.pageSize,
  };
}
