// A feed's new releases that share their title with an older film (issue 25): the import leaves their
// showtimes unlinked, files them as missing links with the old film as a candidate and the feed's facts
// as hints, and "create this movie" starts from those facts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { movies } from "../../../db/schema/catalog.ts";
import { missingLinks } from "../../../db/schema/ingest.ts";
import { runImport } from "../run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "../run-import-test-fixtures.ts";
import { moviePrefill } from "./movie-prefill.ts";

const { database, services, source, showtimesOf } = useImportTestWorld();

describe("new releases named like older films", () => {
  it("become missing links with the feed's facts, not links to the old film", async () => {
    const { db } = database();
    // The older namesakes: one with a year, one the catalogue knows no year of.
    const old = await db
      .insert(movies)
      .values([
        { title: "The Drop", slug: "the-drop-2014", year: 2014, runtimeMinutes: 106 },
        { title: "The Ritual", slug: "the-ritual" },
      ])
      .returning({ id: movies.id });
    const sourceId = await source();
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(2, { title: "Drop", film: { year: 2025, runtimeMinutes: 96 } }),
        feedRow(4, { title: "The Ritual (OV)", film: { year: 2025, runtimeMinutes: 98 } }),
      ]),
    });
    expect(result.counts).toMatchObject({ unmatched: 2 });
    expect((await showtimesOf(sourceId)).map((row) => row.movieId)).toEqual([null, null]);

    const links = await db
      .select()
      .from(missingLinks)
      .where(eq(missingLinks.sourceId, sourceId))
      .orderBy(missingLinks.normalizedTitle);
    expect(links.map((link) => [link.rawTitle, link.hints, link.candidates[0]?.movieId])).toEqual([
      ["Drop", { year: 2025, runtimeMinutes: 96 }, old[0]!.id],
      ["The Ritual (OV)", { year: 2025, runtimeMinutes: 98 }, old[1]!.id],
    ]);
    expect(moviePrefill(links[1]!.rawTitle, links[1]!.hints)).toMatchObject({
      title: "The Ritual",
      slug: "the-ritual-2025",
      year: "2025",
      runtimeMinutes: "98",
    });
  });
});
