// The matcher on the labelled set (tests/data/matching/README.md): the catalogue loaded through the
// import operation, every title matched, and the figures the issue asks for.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  describeFigures,
  MATCHING_CATALOGUE,
  type Outcome,
  readLabelledTitles,
  scoreOutcomes,
} from "../../tests/helpers/matching-set.ts";
import { systemActor } from "../access/system-actor.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { findMoviesByKeys } from "../catalog/movies/find-movies-by-keys.ts";
import { importMoviesCsv } from "../catalog/movies/import-movies-csv.ts";
import { createMovieMatcher } from "./create-movie-matcher.ts";

describe("the labelled matching set", () => {
  const database = useTestDatabase();

  // Generous: it matches every labelled title one by one, which takes minutes on a machine busy with other
  // work (a clean-clone CI run beside other tests took 231 s).
  it("links precisely, finds most, and ranks the rest in the top three", { timeout: 480_000 }, async () => {
    const { db } = database();
    const imported = await importMoviesCsv({ db, apiCache: createApiResponseCache() }, systemActor("test"), {
      csv: await readFile(MATCHING_CATALOGUE, "utf8"),
    });
    expect(imported.problems).toEqual([]);
    expect(imported.inserted).toBeGreaterThan(3000);

    const titles = readLabelledTitles();
    expect(titles.length).toBeGreaterThanOrEqual(300);
    const ids = await findMoviesByKeys(db, titles.map((t) => t.expectedKey).filter(Boolean));
    const matcher = createMovieMatcher(db);
    const outcomes: Outcome[] = [];
    for (const title of titles) {
      const result = await matcher.match(title.feedTitle, title.hints);
      const expected = title.expectedKey ? ids.get(title.expectedKey) : null;
      expect(expected, `expected key ${title.expectedKey} is in the catalogue`).not.toBeUndefined();
      outcomes.push({
        title: `${title.feedTitle} ${JSON.stringify(title.hints)}`,
        expected: expected ?? null,
        linked: result.movieId,
        top3: result.candidates.slice(0, 3).map((c) => c.movieId),
      });
    }
    const figures = scoreOutcomes(outcomes);
    console.log(describeFigures("matcher", figures));
    for (const o of figures.wrong) console.log(`  wrong link: ${o.title}`);
    for (const o of figures.missedTop3) console.log(`  not in top 3: ${o.title}`);
    expect(figures.precision).toBeGreaterThanOrEqual(0.99);
    expect(figures.recall).toBeGreaterThanOrEqual(0.9);
    expect(figures.top3Rate).toBeGreaterThanOrEqual(0.95);
  });
});
