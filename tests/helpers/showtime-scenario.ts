// The studio's showtime operations under test (core/showtimes/*.test.ts): the tenancy scenario, four
// cinemas (one closed, one in Lisbon), three movies (one hidden), two attributes and a feed.
import { beforeAll } from "vitest";
import { attributes, cinemas, movies } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import { createApiResponseCache } from "../../core/cache/response-cache.ts";
import { ensureCountry } from "../../core/catalog/catalog-test-helpers.ts";
import { addShowtime } from "../../core/showtimes/add-showtime.ts";
import type { ShowtimeServices } from "../../core/showtimes/studio-showtimes.ts";
import { actorFor, createScenario, type Scenario } from "../../core/tenancy/tenancy-test-fixtures.ts";
import { useTestDatabase } from "./test-db.ts";

// Set by setUpShowtimeScenario() and its beforeAll; the test files read these bindings as they are by then.
let database: ReturnType<typeof useTestDatabase>;
export let s: Scenario;
export let services: ShowtimeServices;
export const ids = {
  amsterdam: "",
  utrecht: "",
  closed: "",
  lisbon: "",
  dune: "",
  alien: "",
  hidden: "",
  source: "",
};
export const DAY = "2030-01-10";

/** For a test file: a database of its own with the scenario, in beforeAll. */
export function setUpShowtimeScenario() {
  database = useTestDatabase();
  beforeAll(async () => {
    const { db } = database();
    services = { db, apiCache: createApiResponseCache() };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "PT", "Portugal");
    const made = await db
      .insert(cinemas)
      .values([
        {
          name: "Studio K",
          slug: "studio-k",
          city: "Amsterdam",
          countryCode: "NL",
          timeZone: "Europe/Amsterdam",
        },
        {
          name: "Louis Hartlooper",
          slug: "lhc",
          city: "Utrecht",
          countryCode: "NL",
          timeZone: "Europe/Amsterdam",
        },
        {
          name: "Abandoned Odeon",
          slug: "odeon",
          city: "Utrecht",
          countryCode: "NL",
          timeZone: "Europe/Amsterdam",
          status: "closed",
        },
        { name: "Cinema Ideal", slug: "ideal", city: "Lisboa", countryCode: "PT", timeZone: "Europe/Lisbon" },
      ])
      .returning({ id: cinemas.id });
    [ids.amsterdam, ids.utrecht, ids.closed, ids.lisbon] = made.map((c) => c.id) as [
      string,
      string,
      string,
      string,
    ];
    const films = await db
      .insert(movies)
      .values([
        { title: "Dune", slug: "dune" },
        { title: "Alien", slug: "alien" },
        { title: "Gone", slug: "gone", status: "hidden" },
      ])
      .returning({ id: movies.id });
    [ids.dune, ids.alien, ids.hidden] = films.map((m) => m.id) as [string, string, string];
    await db.insert(attributes).values([
      { code: "imax", category: "format", names: { en: "IMAX" } },
      { code: "ov", category: "language", names: { en: "Original version" } },
    ]);
    const [source] = await db
      .insert(sources)
      .values({ name: "Pathé feed", format: "reeltime-json", location: "https://example.test/feed" })
      .returning({ id: sources.id });
    ids.source = source!.id;
  });
  return database;
}

export const admin = () => actorFor(s.superAdmin);
export const add = (fields: Record<string, unknown> = {}) =>
  addShowtime(services, admin(), {
    cinemaId: ids.amsterdam,
    movieId: ids.dune,
    date: DAY,
    time: "20:15",
    ...fields,
  });
