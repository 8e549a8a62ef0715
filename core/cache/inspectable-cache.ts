// What the studio's cached-data page reads and purges, for any cache that registers (AppServices.caches):
// the API's response cache today, a metadata provider's cache later. Each lists its live entries from its
// own store (this process's memory, or Redis shared by every instance) and counts hits and misses without
// a write per lookup; nothing mirrors entries into the database.
import { hostname } from "node:os";
import type { CacheNamespace } from "./cache-schemas.ts";

export type CacheEntryInfo = {
  key: string;
  /** bytes the entry takes in its store */
  size: number;
  /** when it was stored; null when the store cannot tell */
  storedAt: Date | null;
  /** seconds it has left; null when it does not expire */
  ttlSeconds: number | null;
  /** lookups it answered (with Redis: as last flushed by every instance) */
  hits: number;
};

/** Hits and misses since `since` (this process's start in memory; the first flush with Redis). */
export type CacheCounters = { hits: number; misses: number; since: Date };

/** Where the entries live: this process (each instance has its own) or Redis (shared by every instance). */
export type CacheLocation = { kind: "memory"; instance: string } | { kind: "redis" };

export type CachePurgeTarget =
  { kind: "key"; key: string } | { kind: "prefix"; prefix: string } | { kind: "all" };

export type InspectableCache = {
  namespace: CacheNamespace;
  location: CacheLocation;
  /** every live entry (memory: this process's; Redis: every instance's) */
  entries(): Promise<CacheEntryInfo[]>;
  counters(): Promise<CacheCounters>;
  /** how many live entries `purge` would remove now */
  count(target: CachePurgeTarget): Promise<number>;
  /** removes the entries; how many live ones it removed */
  purge(target: CachePurgeTarget): Promise<number>;
};

/** This process's name on the page: host and process id. */
export const INSTANCE_NAME = `${hostname()}:${process.pid}`;

export function matchesPurge(key: string, target: CachePurgeTarget): boolean {
  if (target.kind === "key") return key === target.key;
  if (target.kind === "prefix") return key.startsWith(target.prefix);
  return true;
}
