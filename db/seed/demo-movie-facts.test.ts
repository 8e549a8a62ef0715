// The demo films carry what Wikidata (CC0) gives them, in the dataset and in the seeded database: year,
// release date, runtime, genres and directors (issue 25 point 3). The Wikidata file has no country values,
// so countries stay empty; nothing from TMDB-derived files (synopses, posters) is in the dataset.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { movies } from "../schema/catalog.ts";
import type { DemoData } from "./demo-data-types.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { seedDemoData, WORLDWIDE_RELEASE_KEY } from "./seed-demo.ts";

const database = useTestDatabase();
let data: DemoData;

beforeAll(async () => {
  data = await loadDemoData();
});

const share = (predicate: (m: DemoData["movies"][number]) => boolean) =>
  data.movies.filter(predicate).length / data.movies.length;

describe("the demo films' Wikidata facts", () => {
  it("are in the dataset for nearly every film", () => {
    expect(share((m) => m.year >= 1900)).toBe(1);
    expect(share((m) => m.directors.length > 0)).toBeGreaterThan(0.95);
    expect(share((m) => m.genres.length > 0)).toBeGreaterThan(0.95);
    expect(share((m) => m.runtime !== null)).toBeGreaterThan(0.9);
    expect(data.movies.find((m) => m.slug === "oppenheimer")).toMatchObject({
      year: 2023,
      releaseDate: "2023-07-20",
      runtime: 180,
      genres: ["biography", "drama", "history", "thriller"],
      directors: ["Christopher Nolan"],
      originalLanguage: "en",
    });
    // Several directors, in the source's order, no Wikidata ids in place of names.
    expect(data.movies.find((m) => m.slug === "65")?.directors).toEqual(["Bryan Woods", "Scott Beck"]);
    for (const movie of data.movies) for (const name of movie.directors) expect(name).not.toMatch(/^Q\d+$/);
  });

  it("are seeded into the catalogue, directors included", async () => {
    const slugs = ["oppenheimer", "65", "12th-fail"];
    const nl = data.cinemas.filter((c) => c.country === "NL").slice(0, 2);
    await seedDemoData(database().db, {
      now: new Date("2026-11-22T10:00:00Z"),
      days: 1,
      data: { ...data, cinemas: nl, movies: data.movies.filter((m) => slugs.includes(m.slug)) },
    });
    const rows = await database()
      .db.select({
        slug: movies.slug,
        year: movies.year,
        runtimeMinutes: movies.runtimeMinutes,
        genres: movies.genres,
        directors: movies.directors,
        originalLanguage: movies.originalLanguage,
        releaseDates: movies.releaseDates,
      })
      .from(movies)
      .where(inArray(movies.slug, slugs))
      .orderBy(movies.slug);
    expect(rows).toEqual([
      {
        slug: "12th-fail",
        year: 2023,
        runtimeMinutes: 146,
        genres: [],
        directors: ["Vidhu Vinod Chopra"],
        originalLanguage: "hi",
        releaseDates: { [WORLDWIDE_RELEASE_KEY]: "2023-10-27" },
      },
      {
        slug: "65",
        year: 2023,
        runtimeMinutes: 93,
        genres: ["adventure", "science-fiction", "thriller"],
        directors: ["Bryan Woods", "Scott Beck"],
        originalLanguage: "en",
        releaseDates: { [WORLDWIDE_RELEASE_KEY]: "2023-03-09" },
      },
      {
        slug: "oppenheimer",
        year: 2023,
        runtimeMinutes: 180,
        genres: ["biography", "drama", "history", "thriller"],
        directors: ["Christopher Nolan"],
        originalLanguage: "en",
        releaseDates: { [WORLDWIDE_RELEASE_KEY]: "2023-07-20" },
      },
    ]);
    // No synopsis, poster or trailer comes with the demo: those are the enrichment job's, from a provider.
    const [oppenheimer] = await database()
      .db.select({ synopsis: movies.synopsis, poster: movies.posterAssetId, trailer: movies.trailerUrl })
      .from(movies)
      .where(eq(movies.slug, "oppenheimer"));
    expect(oppenheimer).toEqual({ synopsis: {}, poster: null, trailer: null });
  });
});
