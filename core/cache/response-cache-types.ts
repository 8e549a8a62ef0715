// The API response cache's contract (core/cache/response-cache.ts builds one).
import type { InspectableCache } from "./inspectable-cache.ts";

export type CachedApiResponse = {
  body: string;
  /** the strong ETag of the body, quoted */
  etag: string;
};

export type ApiCacheLookup = { version: number; entry: CachedApiResponse | undefined };

export type ApiResponseCache = {
  lookup(key: string): Promise<ApiCacheLookup>;
  store(key: string, version: number, entry: CachedApiResponse, ttlSeconds: number): Promise<void>;
  dataVersion(): Promise<number>;
  /** the data version when this process holds it (memory), else undefined (Redis: ask dataVersion) */
  knownDataVersion(): number | undefined;
  /** makes every cached answer stale; returns the new version */
  bumpDataVersion(): Promise<number>;
  /** its entries, hits and misses for the studio (namespace api-response), and purging them */
  inspection: InspectableCache;
  /** writes the hit counters not yet flushed (Redis); call at shutdown */
  close(): Promise<void>;
};

/** The studio's name for the API response cache. */
export const API_CACHE_NAMESPACE = "api-response";
