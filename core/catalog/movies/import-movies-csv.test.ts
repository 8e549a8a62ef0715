import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../../db/schema/audit.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { systemActor } from "../../access/system-actor.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import { actorFor, createScenario, expectAppError } from "../../tenancy/tenancy-test-fixtures.ts";
import { findMoviesByKeys, movieKeysByIds } from "./find-movies-by-keys.ts";
import { importMoviesCsv } from "./import-movies-csv.ts";

const HEADER =
  "key,title,original_title,year,runtime_minutes,original_language,imdb_id,tmdb_id,wikidata_id,title_nl,notes";

describe("importMoviesCsv", () => {
  const database = useTestDatabase();
  const operator = systemActor("test:import-movies");
  const apiCache = createApiResponseCache();

  it("inserts, then updates by external id or key, reports bad lines, and audits once", async () => {
    const { db } = database();
    const first = [
      HEADER,
      "tt15239678,Dune: Part Two,,2024,166,en,,,,Dune: Deel Twee,ignored",
      "tmdb:1598,Cape Fear,,1991,128,en,,,,,",
      "de-wilde-stad,De wilde stad,,2018,82,nl,,,,,",
      ",,,2020,,,,,,,",
      "x,Broken year,,20x4,,,,,,,",
      "tt1,Bad imdb,,,,,,,,,",
      "tt15239678,Duplicate,,,,,,,,,",
      "too,few,fields",
    ].join("\n");
    const result = await importMoviesCsv({ db, apiCache }, operator, { csv: first, fileName: "first.csv" });
    expect(result).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, skipped: 5 });
    expect(result.problems.map((p) => p.line)).toEqual([5, 6, 7, 8, 9]);
    expect(result.problems[0]!.message).toMatch(/title is empty/);
    expect(result.problems[1]!.message).toMatch(/year "20x4"/);
    expect(result.problems[3]!.message).toMatch(/same movie as line 2/);
    expect(result.problems[4]!.message).toMatch(/expected 11 fields/);

    const keys = await findMoviesByKeys(db, ["tt15239678", "tmdb:1598", "de-wilde-stad", "nothing"]);
    expect(keys.size).toBe(3);
    const [wildeStad] = await db
      .select()
      .from(movies)
      .where(eq(movies.id, keys.get("de-wilde-stad")!));
    expect(wildeStad).toMatchObject({ slug: "de-wilde-stad", year: 2018, imdbId: null });
    const titles = await db
      .select()
      .from(movieTitles)
      .where(eq(movieTitles.movieId, keys.get("tt15239678")!));
    expect(Object.fromEntries(titles.map((t) => [t.locale, t.title]))).toEqual({
      en: "Dune: Part Two",
      nl: "Dune: Deel Twee",
    });
    // the key of a movie without external ids is its uuid
    expect((await movieKeysByIds(db, [wildeStad!.id])).get(wildeStad!.id)).toBe(wildeStad!.id);

    const second = [
      HEADER,
      // the IMDb id found by TMDB id: updated, empty cells keep what the movie has
      ",Cape Fear,,,,,tt0101540,1598,,Cape Fear,",
      "tt15239678,Dune: Part Two,,2024,166,en,,,,Dune: Deel Twee,",
      // found by its key (its slug), it gains an IMDb id
      "de-wilde-stad,De Wilde Stad,,,,,tt9999999,,,,",
    ].join("\n");
    const again = await importMoviesCsv({ db, apiCache }, operator, { csv: second });
    expect(again).toMatchObject({ inserted: 0, updated: 2, unchanged: 1, skipped: 0 });
    const [capeFear] = await db.select().from(movies).where(eq(movies.tmdbId, 1598));
    expect(capeFear).toMatchObject({ imdbId: "tt0101540", year: 1991, runtimeMinutes: 128 });
    expect((await findMoviesByKeys(db, ["tt9999999"])).get("tt9999999")).toBe(wildeStad!.id);

    const third = [
      HEADER,
      // two ids naming two movies
      "tt15239678,Dune,,,,,,1598,,,",
      // a slug key no longer names a movie that has external ids
      "de-wilde-stad,De Wilde Stad,,,,,,,,,",
    ].join("\n");
    const refused = await importMoviesCsv({ db, apiCache }, operator, { csv: third });
    expect(refused).toMatchObject({ inserted: 0, updated: 0, skipped: 2 });
    expect(refused.problems[0]!.message).toMatch(/different movies/);
    expect(refused.problems[1]!.message).toMatch(/give its ids instead/);

    const audits = await db.select().from(auditLogs).where(eq(auditLogs.action, "catalog.movie.import"));
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorProfileId: null, requestId: "test:import-movies" });
    expect(audits[0]!.after).toMatchObject({ file: "first.csv", inserted: 3, skipped: 5 });
  });

  it("says what is wrong with a file it cannot read, and changes nothing", async () => {
    const { db } = database();
    const before = await db.$count(movies);
    const noTitle = await importMoviesCsv({ db, apiCache }, operator, { csv: "key,name\ntt1234567,Dune\n" });
    expect(noTitle.problems).toEqual([{ line: 0, message: 'the header row has no "title" column' }]);
    const broken = await importMoviesCsv({ db, apiCache }, operator, { csv: 'title\n"unclosed\n' });
    expect(broken.problems[0]!.message).toMatch(/not readable CSV/);
    expect(await db.$count(movies)).toBe(before);
  });

  it("is for super admins and the system only", async () => {
    const { db } = database();
    const s = await createScenario(db);
    await expectAppError(
      importMoviesCsv({ db, apiCache }, actorFor(s.adminA, s.clientA), { csv: "title\nX\n" }),
      "forbidden",
    );
  });
});
