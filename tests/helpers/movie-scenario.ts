// What the movies' tests share (core/catalog/movies/*.test.ts): a movie's fields, and the scenario they
// run in.
import { createApiResponseCache } from "../../core/cache/response-cache.ts";
import { ensureCountry } from "../../core/catalog/catalog-test-helpers.ts";
import type { MovieServices } from "../../core/catalog/movies/movies.ts";
import { createScenario } from "../../core/tenancy/tenancy-test-fixtures.ts";

export const base = { title: "Dune: Part Two", slug: "dune-part-two" };

/** The tenancy scenario (two clients with their members, a super admin), the Netherlands and Belgium. */
export async function movieScenario(db: MovieServices["db"]) {
  const services: MovieServices = { db, apiCache: createApiResponseCache() };
  const s = await createScenario(db);
  await ensureCountry(db, "NL", "Netherlands");
  await ensureCountry(db, "BE", "Belgium");
  return { s, services };
}
