import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { committedFeedSchema, generateFeedSchema } from "../../../scripts/generate-feed-schema.ts";
import { FeedParseError } from "../feed.ts";
import { reeltimeJsonAdapter } from "./reeltime-json.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const parse = (input: string) => reeltimeJsonAdapter.parse(input);

describe("reeltime-json", () => {
  it("reads the documented example without problems", () => {
    const feed = parse(read("docs/feeds/examples/reeltime.json"));
    expect(feed.problems).toEqual([]);
    expect(feed.showtimes).toHaveLength(3);
    expect(feed.showtimes[0]).toEqual({
      ref: "tuschinski-2026-03-14-1930-1",
      where: "showtimes[0]",
      cinemaRef: "tuschinski",
      cinemaName: "Pathé Tuschinski",
      title: "Dune: Part Two (OV)",
      startsAt: "2026-03-14T19:30",
      featureStartsAt: "2026-03-14T19:45",
      endsAt: "2026-03-14T22:31",
      auditorium: "Zaal 1",
      attributes: ["OV", "Dolby Atmos"],
      audioLanguage: "en",
      subtitleLanguages: ["nl"],
      bookingUrl: "https://tickets.example.com/tuschinski/1930-1",
      priceMin: 1250,
      priceMax: 1650,
      currency: "EUR",
      seatsAvailable: 112,
      seatsTotal: 350,
      availability: "available",
      hints: { year: 2024, runtimeMinutes: 166, language: "en", imdbId: "tt15239678", tmdbId: 693134 },
    });
    expect(feed.showtimes[2]).toMatchObject({ startsAt: "2026-03-15T13:00:00Z", cancelled: true });
  });

  it("keeps the committed JSON Schema equal to the one the zod schema generates", async () => {
    expect(await committedFeedSchema()).toBe(await generateFeedSchema());
  });

  it("skips bad rows with a problem each and imports the rest", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/reeltime-problems.json"));
    expect(feed.showtimes.map((s) => s.where)).toEqual(["showtimes[0]", "showtimes[6]"]);
    expect(feed.problems).toEqual([
      { where: "showtimes[1]", field: "title", message: "ingest.problem.required", values: {} },
      {
        where: "showtimes[2]",
        field: "startsAt",
        message: "ingest.problem.invalidDate",
        values: { value: "2026-02-30T19:00" },
      },
      {
        where: "showtimes[3]",
        field: "price.min",
        message: "ingest.problem.negativeNumber",
        values: { value: "-50" },
      },
      {
        where: "showtimes[4]",
        field: "ref",
        message: "ingest.problem.duplicateRef",
        values: { ref: "lux-1", first: "showtimes[0]" },
      },
      {
        where: "showtimes[5]",
        field: "bookingUrl",
        message: "ingest.problem.invalidUrl",
        values: { value: "javascript:alert(1)" },
      },
      {
        where: "showtimes[7]",
        field: "",
        message: "ingest.problem.wrongType",
        values: { expected: "object" },
      },
      {
        where: "showtimes[8]",
        field: "seatsTotal",
        message: "ingest.problem.wrongType",
        values: { expected: "number" },
      },
      {
        where: "showtimes[8]",
        field: "availability",
        message: "ingest.problem.invalidValue",
        values: { value: "plenty" },
      },
    ]);
  });

  it("gives a row without an id a stable ref from cinema, title and start", () => {
    const row = { cinema: "LUX", title: "Flow", date: "2026-02-07T18:30" };
    const a = parse(JSON.stringify([row])).showtimes[0];
    const b = parse(JSON.stringify({ showtimes: [{ ...row, url: "https://lux.example/x" }] })).showtimes[0];
    const other = parse(JSON.stringify([{ ...row, date: "2026-02-07T21:00" }])).showtimes[0];
    expect(a?.ref).toMatch(/^h:[0-9a-f]{24}$/);
    expect(b?.ref).toBe(a?.ref);
    expect(other?.ref).not.toBe(a?.ref);
  });

  it("requires a start, under either name", () => {
    expect(parse('[{"title":"Flow"}]').problems).toEqual([
      { where: "[0]", field: "startsAt", message: "ingest.problem.required", values: {} },
    ]);
  });

  it("reads an empty feed as no showtimes and no problems", () => {
    expect(parse('{"showtimes": []}')).toEqual({ showtimes: [], problems: [], cinemas: [] });
    expect(parse("[]")).toEqual({ showtimes: [], problems: [], cinemas: [] });
  });

  it("refuses truncated JSON and the wrong top-level type as a whole", () => {
    const cut = read("docs/feeds/examples/reeltime.json").slice(0, 300);
    expect(() => parse(cut)).toThrow(FeedParseError);
    expect(() => parse(cut)).toThrow(expect.objectContaining({ reason: "ingest.problem.invalidJson" }));
    for (const input of ['"showtimes"', "42", "null", '{"events": []}', '{"showtimes": {}}']) {
      expect(() => parse(input)).toThrow(
        expect.objectContaining({
          reason: "ingest.problem.unexpectedShape",
          values: { format: "Reeltime JSON" },
        }),
      );
    }
  });

  it("reads the expatcinema scraper output as native rows", () => {
    const all = parse(read("core/ingest/adapters/fixtures/expatcinema/scraped_2018-12-26_all.json"));
    expect(all.showtimes).toHaveLength(154);
    expect(all.problems).toEqual([]);
    expect(all.showtimes[0]).toMatchObject({
      title: "Cold war",
      cinemaName: "Filmhuis Den Haag",
      startsAt: "2018-12-26T09:30:00.000Z",
      bookingUrl: "https://www.filmhuisdenhaag.nl/agenda/event/cold-war",
    });
    expect(new Set(all.showtimes.map((s) => s.ref)).size).toBe(154);

    const january = parse(read("core/ingest/adapters/fixtures/expatcinema/screenings_2019-01.json"));
    expect(january.showtimes).toHaveLength(146);
    expect(january.problems).toEqual([]);
    expect(january.showtimes[1]).toMatchObject({ title: "De wilde stad", cinemaName: "Eye" });
  });

  it("throws nothing but FeedParseError on arbitrary input", () => {
    const onlyFeedErrors = (input: string) => {
      try {
        parse(input);
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError);
      }
    };
    fc.assert(fc.property(fc.string({ unit: "binary" }), onlyFeedErrors), { numRuns: 300 });
    fc.assert(
      fc.property(fc.json(), (json) => onlyFeedErrors(json)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.dictionary(
            fc.constantFrom("id", "title", "startsAt", "price", "film", "attributes"),
            fc.jsonValue(),
          ),
        ),
        (rows) => onlyFeedErrors(JSON.stringify({ showtimes: rows })),
      ),
      { numRuns: 300 },
    );
  });

  it("survives deep nesting", () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    expect(() =>
      parse(`{"showtimes":[{"title":"x","startsAt":"2026-01-01T10:00","availability":${deep}}]}`),
    ).not.toThrow();
  });

  it("reads in parts exactly what it reads whole", async () => {
    const rows = Array.from({ length: 12_001 }, (_, n) => ({
      id: n % 4_000 === 7 ? 7 : n,
      title: `Film ${n % 30}`,
      startsAt: n % 999 === 0 ? "soon" : "2026-03-14T19:30",
    }));
    const input = JSON.stringify({ showtimes: rows });
    const expected = reeltimeJsonAdapter.parse(input);
    const showtimes = [];
    const problems = [];
    let parts = 0;
    for await (const part of reeltimeJsonAdapter.parts!(input, 5_000)) {
      parts += 1;
      showtimes.push(...part.showtimes);
      problems.push(...part.problems);
    }
    expect(parts).toBe(3);
    expect(showtimes).toEqual(expected.showtimes);
    expect(problems).toEqual(expected.problems);
    expect(expected.problems.length).toBeGreaterThan(10);
  });
});
