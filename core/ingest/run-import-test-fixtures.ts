// What the import run's tests share: a database with two cinemas (Amsterdam, and Lisbon with a POS site
// id), one known movie (Dune: Part Two) and two attributes; ingest services on it with short fetch limits;
// feed rows in the native JSON format; and readers of what a source wrote.
import { eq, sql } from "drizzle-orm";
import { beforeAll } from "vitest";
import type { Database } from "../../db/client.ts";
import { attributes, cinemas, countries, movies } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { queryRows } from "../shared/db-rows.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "./fetch-feed.ts";
import type { IngestServices } from "./run-import.ts";

export const feedRow = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `S${n}`,
  title: n % 2 ? "Dune: Part Two (OV)" : "A Film Nobody Knows",
  startsAt: `2030-03-${String(10 + (n % 10)).padStart(2, "0")}T20:${String(n % 60).padStart(2, "0")}`,
  attributes: ["3D", "Dolby Atmos"],
  audioLanguage: "Engels",
  subtitles: ["Nederlands"],
  bookingUrl: `https://tickets.example/${n}`,
  ...extra,
});
export const nativeFeed = (rows: unknown[]) => JSON.stringify({ showtimes: rows });

type Ids = { kriterion: string; lisbon: string; dune: string };

async function seedCatalog(db: Database, ids: Ids) {
  // The countries as ensureCountry (core/catalog/catalog-test-helpers.ts) adds them: a fixture beside
  // ingest's code may not import the catalogue's helpers (reeltime/core-boundaries).
  const country = { defaultLocale: "en", timeZone: "Europe/Amsterdam", currency: "EUR" };
  await db
    .insert(countries)
    .values([
      { code: "NL", name: "Netherlands", ...country },
      { code: "PT", name: "Portugal", ...country },
    ])
    .onConflictDoNothing();
  const made = await db
    .insert(cinemas)
    .values([
      {
        name: "Kriterion",
        slug: "kriterion",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
      },
      {
        name: "Cinema Ideal",
        slug: "ideal",
        city: "Lisboa",
        countryCode: "PT",
        timeZone: "Europe/Lisbon",
        posSiteId: "0042",
      },
    ])
    .returning({ id: cinemas.id });
  [ids.kriterion, ids.lisbon] = made.map((row) => row.id) as [string, string];
  const [dune] = await db
    .insert(movies)
    .values({
      title: "Dune: Part Two",
      slug: "dune-part-two",
      year: 2024,
      runtimeMinutes: 166,
      imdbId: "tt15239678",
    })
    .returning({ id: movies.id });
  ids.dune = dune!.id;
  await db.insert(attributes).values([
    { code: "3d", category: "format", names: { en: "3D" } },
    {
      code: "atmos",
      category: "audio",
      names: { en: "Dolby Atmos", nl: "Dolby Atmos" },
      synonyms: ["atmos"],
    },
  ]);
}

/**
 * The test file's database and services, filled in before its tests (the database only exists then):
 * `services` and `ids` are the same objects throughout, so a test file can take them once.
 */
export function useImportTestWorld() {
  const database = useTestDatabase();
  const key = Buffer.alloc(32, 7);
  // Filled in beforeAll, once the database exists.
  const services = {} as IngestServices;
  const ids: Ids = { kriterion: "", lisbon: "", dune: "" };

  beforeAll(async () => {
    const { db } = database();
    Object.assign(services, {
      db,
      now: () => new Date("2030-03-01T12:00:00Z"),
      apiCache: createApiResponseCache(),
      feeds: {
        fetch: {
          ...DEFAULT_FEED_FETCH_SETTINGS,
          // Short enough that the silent feed fails fast, long enough that a busy machine (CI runs two test
          // files at once) still serves the small feeds and hits the 200 MB feed's size limit well before it.
          timeoutMs: 2_000,
          maxBytes: 4 * 1024 * 1024,
          retries: 1,
          backoffMs: 10,
          allowedPrivateHosts: ["127.0.0.1"],
        },
        credentialsKey: key,
      },
    } satisfies IngestServices);
    await seedCatalog(db, ids);
  });

  async function source(values: Partial<typeof sources.$inferInsert> = {}) {
    const [row] = await database()
      .db.insert(sources)
      .values({
        name: "Test feed",
        format: "reeltime-json",
        location: "upload",
        cinemaId: ids.kriterion,
        ...values,
      })
      .returning({ id: sources.id });
    return row!.id;
  }

  async function showtimesOf(sourceId: string) {
    return database()
      .db.select({
        ref: showtimes.sourceRef,
        status: showtimes.status,
        startsAt: showtimes.startsAt,
        movieId: showtimes.movieId,
        attributes: showtimes.attributes,
        audio: showtimes.audioLanguage,
        subtitles: showtimes.subtitleLanguages,
        cinemaId: showtimes.cinemaId,
      })
      .from(showtimes)
      .where(eq(showtimes.sourceId, sourceId))
      .orderBy(showtimes.sourceRef);
  }

  async function showtimeCount() {
    const [row] = await queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from showtimes`,
    );
    return row!.n;
  }

  return { database, services, ids, key, source, showtimesOf, showtimeCount };
}
