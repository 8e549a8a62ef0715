// The import run with bad input: a row with a bad date or a showtime listed twice is skipped and reported
// while the rest imports (partial); a feed that cannot be read at all — truncated JSON, an XML entity
// bomb — fails with a clear problem and changes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importRuns, type sources } from "../../db/schema/ingest.ts";
import { runImport } from "./run-import.ts";
import { useImportTestWorld } from "./run-import-test-fixtures.ts";

const { database, services, source, showtimesOf, showtimeCount } = useImportTestWorld();

describe("runImport", () => {
  it("skips the one CSV row with a bad date and imports the rest", async () => {
    const sourceId = await source({ format: "reeltime-csv" });
    const csv = [
      "id,title,starts_at,attributes",
      "c1,Dune: Part Two,2030-04-01T19:00,3D",
      "c2,Dune: Part Two,2030-04-31T19:00,3D",
      "c3,Dune: Part Two,2030-04-02T21:15,",
    ].join("\n");
    const result = await runImport(services, { sourceId, input: csv });
    expect(result.status).toBe("partial");
    expect(result.counts).toMatchObject({ inserted: 2, rejected: 1 });
    expect(result.problems[0]).toMatchObject({ where: "line 3" });
    expect((await showtimesOf(sourceId)).map((row) => row.ref)).toEqual(["c1", "c3"]);
  });

  it("skips a showtime listed twice under another id (same film, start, attributes and languages) and reports it", async () => {
    const sourceId = await source({ format: "reeltime-csv" });
    const csv = [
      "id,title,starts_at,attributes",
      "d1,Dune: Part Two,2030-05-01T19:00,3D|Dolby Atmos",
      "d2,Dune: Part Two,2030-05-01T19:00,Dolby Atmos|3D",
      "d3,Dune: Part Two,2030-05-01T19:00,",
      "d4,Dune: Part Two (OV),2030-05-01T19:00,3D|Dolby Atmos",
    ].join("\n");
    const result = await runImport(services, { sourceId, input: csv });
    expect(result.status).toBe("partial");
    // d3 differs by its attributes; d4 by its title's version (the original, not another copy of d1).
    expect(result.counts).toMatchObject({ inserted: 3, rejected: 1 });
    expect(result.problems).toEqual([
      expect.objectContaining({
        where: "line 3",
        message: "ingest.problem.duplicateShowtime",
        values: { first: "line 2" },
      }),
    ]);
    expect((await showtimesOf(sourceId)).map((row) => row.ref)).toEqual(["d1", "d3", "d4"]);
  });

  it("changes nothing for a feed that cannot be read", async () => {
    const before = await showtimeCount();
    const cases: [string, Partial<typeof sources.$inferInsert>, string][] = [
      ["truncated JSON", {}, '{"showtimes": [{"id": "x", "title": "Du'],
      [
        "an XML entity bomb",
        { format: "veezi-xml" },
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><ArrayOfSession><Session><Title>&lol3;</Title></Session></ArrayOfSession>`,
      ],
    ];
    for (const [label, values, input] of cases) {
      const sourceId = await source(values);
      const result = await runImport(services, { sourceId, input });
      expect(result.status, label).toBe("failed");
      expect(result.problems, label).toHaveLength(1);
      expect(result.problems[0]!.message, label).toMatch(/^ingest\.problem\./);
      const [run] = await database().db.select().from(importRuns).where(eq(importRuns.id, result.runId));
      expect(run!.status, label).toBe("failed");
      expect(run!.errorSummary, label).toMatch(new RegExp(`^${result.problems[0]!.message}`));
    }
    expect(await showtimeCount()).toBe(before);
  });
});
