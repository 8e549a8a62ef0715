import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FeedParseError, type ParsedFeed } from "../feed.ts";
import { reeltimeCsvAdapter } from "./reeltime-csv.ts";
import { reeltimeJsonAdapter } from "./reeltime-json.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const parse = (input: string) => reeltimeCsvAdapter.parse(input);

/** The streamed reading, its parts put together again. */
async function parseInParts(input: string, size: number) {
  const whole: ParsedFeed = { showtimes: [], problems: [], cinemas: [] };
  let parts = 0;
  for await (const part of reeltimeCsvAdapter.parts!(input, size)) {
    parts += 1;
    whole.showtimes.push(...part.showtimes);
    whole.problems.push(...part.problems);
    whole.cinemas.push(...part.cinemas);
  }
  return { whole, parts };
}

const byLine = (a: { where: string }, b: { where: string }) =>
  Number(a.where.slice(5)) - Number(b.where.slice(5)) || a.where.localeCompare(b.where);

describe("reeltime-csv", () => {
  it("reads the documented example (semicolons) without problems, as the JSON example reads", () => {
    const feed = parse(read("docs/feeds/examples/reeltime.csv"));
    expect(feed.problems).toEqual([]);
    expect(feed.showtimes).toHaveLength(3);
    const json = reeltimeJsonAdapter.parse(read("docs/feeds/examples/reeltime.json"));
    // the same three showtimes; the CSV spells the second start with a space and the cinema in every row
    expect(feed.showtimes[0]).toEqual({ ...json.showtimes[0], where: "line 2" });
    expect(feed.showtimes[1]).toMatchObject({
      ref: "tuschinski-2026-03-14-2145-3",
      startsAt: "2026-03-14T21:45",
    });
    expect(feed.showtimes[2]).toMatchObject({
      title: "Paddington in Peru (NL)",
      cancelled: true,
      startsAt: "2026-03-15T13:00:00Z",
    });
  });

  it("reads commas, a BOM, any column order and case; skips bad lines and says which", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/reeltime-comma.csv"));
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toMatchObject({
      where: "line 2",
      title: "Dune: Part Two, IMAX",
      cinemaName: "Filmhuis Cavia",
      startsAt: "2026-03-14T19:30",
      bookingUrl: "https://cavia.example/dune",
      priceMin: 1250,
      attributes: ["IMAX", "OV"],
    });
    expect(feed.showtimes[1]).toMatchObject({
      where: "line 7",
      startsAt: "2026-03-16T21:00:30",
      priceMin: 900,
    });
    expect(feed.problems).toEqual([
      {
        where: "line 3",
        field: "starts_at",
        message: "ingest.problem.invalidDate",
        values: { value: "2026-03-32T14:00" },
      },
      {
        where: "line 4",
        field: "price_min",
        message: "ingest.problem.invalidNumber",
        values: { value: "ten" },
      },
      { where: "line 5", field: "title", message: "ingest.problem.required", values: {} },
      {
        where: "line 6",
        field: "price_min",
        message: "ingest.problem.negativeNumber",
        values: { value: "-100" },
      },
    ]);
  });

  it("reports a second row with the same id", () => {
    const feed = parse("id,title,starts_at\n1,Flow,2026-01-01T10:00\n1,Flow,2026-01-01T12:00\n");
    expect(feed.showtimes).toHaveLength(1);
    expect(feed.problems).toEqual([
      {
        where: "line 3",
        field: "ref",
        message: "ingest.problem.duplicateRef",
        values: { ref: "1", first: "line 2" },
      },
    ]);
  });

  it("counts lines across quoted line breaks", () => {
    const feed = parse('title,starts_at\n"Two\nlines",2026-01-01T10:00\nFlow,2026-13-01T10:00\n');
    expect(feed.showtimes[0]?.title).toBe("Two\nlines");
    expect(feed.problems[0]?.where).toBe("line 4");
  });

  it("reads an empty file or a header alone as an empty feed", () => {
    expect(parse("")).toEqual({ showtimes: [], problems: [], cinemas: [] });
    expect(parse("title,starts_at\n")).toEqual({ showtimes: [], problems: [], cinemas: [] });
  });

  it("refuses a header without the required columns", () => {
    expect(() => parse("name,when\nFlow,2026-01-01T10:00\n")).toThrow(
      expect.objectContaining({
        reason: "ingest.problem.csvColumnMissing",
        values: { column: "title" },
        where: "line 1",
      }),
    );
  });

  it("throws nothing but FeedParseError on arbitrary input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.string().map((s) => `title;starts_at\n${s}`),
        ),
        (input) => {
          try {
            parse(input);
          } catch (error) {
            expect(error).toBeInstanceOf(FeedParseError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads in parts exactly what it reads whole, across slices of a megabyte", async () => {
    const lines = ["id;title;starts_at;price_min"];
    for (let n = 0; n < 40_000; n += 1) {
      const start =
        n % 997 === 0 ? "2026-02-30T10:00" : `2026-03-${String(1 + (n % 28)).padStart(2, "0")}T10:00`;
      lines.push(
        `${n % 12_345 === 0 ? 1 : n};"Film ${n % 50}; a ""long"" title";${start};${n % 5_000 === 0 ? "x" : 900}`,
      );
    }
    const input = lines.join("\r\n");
    expect(input.length).toBeGreaterThan(2 * 1_048_576);
    const { whole, parts } = await parseInParts(input, 5_000);
    const expected = parse(input);
    expect(parts).toBe(8);
    expect(whole.showtimes).toEqual(expected.showtimes);
    expect(whole.problems.toSorted(byLine)).toEqual(expected.problems.toSorted(byLine));
    expect(expected.problems.length).toBeGreaterThan(30);
  });

  it("reads in parts what it reads whole, for any input", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string().map((s) => `id,title,starts_at\n${s}`),
        fc.integer({ min: 1, max: 4 }),
        async (input, size) => {
          let expected: ParsedFeed | FeedParseError;
          try {
            expected = parse(input);
          } catch (error) {
            expected = error as FeedParseError;
          }
          if (expected instanceof FeedParseError) {
            await expect(parseInParts(input, size)).rejects.toMatchObject({ reason: expected.reason });
            return;
          }
          const { whole } = await parseInParts(input, size);
          expect(whole.showtimes).toEqual(expected.showtimes);
          expect(whole.problems.toSorted(byLine)).toEqual(expected.problems.toSorted(byLine));
        },
      ),
      { numRuns: 300 },
    );
  });
});
