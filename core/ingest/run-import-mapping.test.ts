// The import run maps each row: local times read in the cinema's zone, attributes and languages mapped
// (unknown ones reported), movies matched (the rest filed as missing links, once per title), and a
// chain-wide feed's sites mapped to cinemas by site id.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { movieAliases } from "../../db/schema/catalog.ts";
import { missingLinks } from "../../db/schema/ingest.ts";
import { runImport } from "./run-import.ts";
import { feedRow, nativeFeed, useImportTestWorld } from "./run-import-test-fixtures.ts";

const { database, services, ids, source, showtimesOf } = useImportTestWorld();

describe("runImport", () => {
  it("reads local times in the cinema's zone and maps attributes, languages and movies", async () => {
    const sourceId = await source();
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { startsAt: "2030-07-01T20:30" }),
        feedRow(3, { startsAt: "2030-01-15T20:30", attributes: ["atmos", "Smell-O-Vision"] }),
      ]),
    });
    expect(result.status).toBe("succeeded");
    const stored = await showtimesOf(sourceId);
    expect(stored.map((row) => row.startsAt.toISOString())).toEqual([
      "2030-07-01T18:30:00.000Z",
      "2030-01-15T19:30:00.000Z",
    ]);
    expect(stored[0]).toMatchObject({
      attributes: ["3d", "atmos"],
      audio: "en",
      subtitles: ["nl"],
      movieId: ids.dune,
    });
    expect(stored[1]!.attributes).toEqual(["atmos"]);
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        field: "attributes",
        message: "ingest.problem.unknownAttribute",
        values: { value: "smell-o-vision" },
      }),
    );
  });

  it("files unmatched titles as missing links, once per title, counting occurrences", async () => {
    const sourceId = await source();
    const rows = [feedRow(2), feedRow(4), feedRow(6)];
    await runImport(services, { sourceId, input: nativeFeed(rows) });
    const links = await database().db.select().from(missingLinks).where(eq(missingLinks.sourceId, sourceId));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ rawTitle: "A Film Nobody Knows", resolution: null });
    // Linking by hand makes an alias: the next run links the title itself.
    await database()
      .db.insert(movieAliases)
      .values({ normalizedTitle: links[0]!.normalizedTitle, movieId: ids.dune });
    const next = await runImport(services, { sourceId, input: nativeFeed(rows) });
    expect(next.counts).toMatchObject({ unmatched: 0, updated: 3 });
    expect((await showtimesOf(sourceId)).every((row) => row.movieId === ids.dune)).toBe(true);
    await database().db.delete(movieAliases).where(eq(movieAliases.movieId, ids.dune));
  });

  it("maps a chain-wide feed's sites to cinemas by site id, and reports the unknown ones", async () => {
    const sourceId = await source({ cinemaId: null });
    const result = await runImport(services, {
      sourceId,
      input: nativeFeed([
        feedRow(1, { cinemaId: "0042" }),
        feedRow(3, { cinema: "Kriterion" }),
        feedRow(5, { cinema: "Nowhere" }),
      ]),
    });
    expect(result.status).toBe("partial");
    expect(result.counts).toMatchObject({ read: 3, inserted: 2, rejected: 1 });
    expect((await showtimesOf(sourceId)).map((row) => row.cinemaId).sort()).toEqual(
      [ids.kriterion, ids.lisbon].sort(),
    );
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        field: "cinema",
        message: "ingest.problem.unknownCinema",
        values: { cinema: "Nowhere" },
      }),
    );
  });
});
