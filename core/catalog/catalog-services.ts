// What the catalogue operations need: the database, and the API's response cache their changes make stale.
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { AppServices } from "../services.ts";

export type CatalogServices = Pick<AppServices, "db" | "apiCache">;

/**
 * After a change that shows in the API and on the public pages (a cinema's name or status, attribute
 * names): their cached answers and pages become stale at once (core/cache/invalidate-api-data.ts).
 */
export async function invalidateCatalogReaders(services: CatalogServices): Promise<void> {
  await invalidateApiData(services);
}
