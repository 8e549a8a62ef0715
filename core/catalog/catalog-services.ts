// What the catalogue operations need: the database, and the API's response cache where the caller has
// one (the studio does; scripts and some tests do not).
import type { Database } from "../../db/client.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { ApiResponseCache } from "../cache/response-cache.ts";

export type CatalogServices = { db: Database; apiCache?: ApiResponseCache };

/**
 * After a change that shows in the API and on the public pages (a cinema's name or status, attribute
 * names): their cached answers and pages become stale at once (core/cache/invalidate-api-data.ts).
 */
export async function invalidateCatalogReaders(services: CatalogServices): Promise<void> {
  if (services.apiCache) await invalidateApiData({ apiCache: services.apiCache });
}
