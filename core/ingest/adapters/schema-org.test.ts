import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasSharedData, sharedDataFile } from "../../../tests/helpers/shared-data.ts";
import { FeedParseError } from "../feed.ts";
import { schemaOrgAdapter } from "./schema-org.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const parse = (input: string) => schemaOrgAdapter.parse(input);

describe("schema-org", () => {
  it("reads a single Event: place, times, offer and organiser's site", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/schema-org-event.json"));
    expect(feed.problems).toEqual([]);
    expect(feed.showtimes).toEqual([
      {
        ref: "https://www.example.org/film/4711-the-lighthouse-keeper#2026-03-14T20:15:00+01:00",
        where: "event[0]",
        cinemaName: "Kino Zuid Utrecht",
        title: "The Lighthouse Keeper",
        startsAt: "2026-03-14T20:15:00+01:00",
        endsAt: "2026-03-14T22:04:00+01:00",
        attributes: [],
        subtitleLanguages: [],
        bookingUrl: "https://www.example.org/kino-zuid/tickets/4711",
        priceMin: 1150,
        priceMax: 1150,
        currency: "EUR",
        availability: "available",
        hints: {},
      },
    ]);
  });

  it.runIf(hasSharedData)("reads the filmvandaag Event (a capture in ../shared/data)", () => {
    const feed = parse(
      readFileSync(sharedDataFile("feeds/unlicensed/filmvandaag_schemaorg_event_example.json"), "utf8"),
    );
    expect(feed.problems).toEqual([]);
    expect(feed.showtimes).toEqual([
      {
        ref: "https://www.filmvandaag.nl/film/133263-200-wolf#2024-10-20T16:50:00+02:00",
        where: "event[0]",
        cinemaName: "Pathé Amsterdam Noord",
        title: "200% Wolf",
        startsAt: "2024-10-20T16:50:00+02:00",
        endsAt: "2024-10-20T18:43:00+02:00",
        attributes: [],
        subtitleLanguages: [],
        bookingUrl: "https://www.pathe.nl/bioscoop/amsterdamnoord",
        priceMin: 0,
        priceMax: 0,
        currency: "EUR",
        availability: "available",
        hints: {},
      },
    ]);
  });

  it("reads every ld+json block of an HTML page, following @id references in an @graph", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/schema-org-page.html"));
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toEqual({
      ref: "https://filmtheater.example/voorstelling/8812",
      where: "script[0] event[0]",
      cinemaRef: "https://filmtheater.example/#theater",
      cinemaName: "Filmtheater Hilversum",
      title: "All We Imagine as Light",
      startsAt: "2026-01-10T20:00",
      endsAt: "2026-01-10T22:05",
      attributes: ["2D"],
      audioLanguage: "ml",
      subtitleLanguages: ["nl"],
      bookingUrl: "https://filmtheater.example/tickets/8812",
      priceMin: 900,
      priceMax: 1150,
      currency: "EUR",
      availability: "few-left",
      hints: { year: 2024, runtimeMinutes: 118, language: "ml", imdbId: "tt14361054" },
    });
    expect(feed.showtimes[1]).toMatchObject({
      ref: "https://filmtheater.example/voorstelling/8813",
      cancelled: true,
    });
    // the cut-off block is reported, the others still read
    expect(feed.problems).toEqual([
      { where: "script[1] line 3 column 5", field: "", message: "ingest.problem.invalidJsonLd", values: {} },
    ]);
  });

  it("reads an array of events, skipping bad ones with a problem each", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/schema-org-events.json"));
    expect(feed.showtimes.map((s) => s.title)).toEqual(["Wicked", "Flow"]);
    expect(feed.showtimes[0]).toMatchObject({
      ref: "https://kino.example/wicked-nl#2026-01-03T13:15:00+01:00",
      cinemaRef: "https://kino.example/",
      attributes: ["3D", "IMAX"],
      audioLanguage: "nl",
      priceMin: 1200,
      priceMax: 1550,
      availability: "sold-out",
      hints: { year: 2024, runtimeMinutes: 160 },
    });
    expect(feed.showtimes[1]).toMatchObject({
      cinemaName: "Kino Rotterdam",
      ref: expect.stringMatching(/^h:/),
    });
    expect(feed.problems).toEqual([
      { where: "event[1]", field: "startDate", message: "ingest.problem.required", values: {} },
      {
        where: "event[2]",
        field: "offers[0].price",
        message: "ingest.problem.negativeNumber",
        values: { value: "-3.00" },
      },
      {
        where: "event[3]",
        field: "workPresented.duration",
        message: "ingest.problem.invalidDuration",
        values: { value: "ninety minutes" },
      },
    ]);
  });

  it("reports a second event with the same @id", () => {
    const event = { "@type": "ScreeningEvent", "@id": "e1", name: "Flow", startDate: "2026-01-01T10:00" };
    const feed = parse(JSON.stringify({ "@graph": [event, { ...event, startDate: "2026-01-01T12:00" }] }));
    expect(feed.showtimes).toHaveLength(1);
    expect(feed.problems[0]).toMatchObject({ message: "ingest.problem.duplicateRef", values: { ref: "e1" } });
  });

  it("reads a document without events as an empty feed", () => {
    expect(parse('{"@type": "Organization", "name": "Kino"}')).toEqual({
      showtimes: [],
      problems: [],
      cinemas: [],
    });
  });

  it("refuses unreadable input as a whole", () => {
    expect(() => parse('{"@type": "ScreeningEvent", "name"')).toThrow(
      expect.objectContaining({ reason: "ingest.problem.invalidJson" }),
    );
    expect(() => parse("12")).toThrow(expect.objectContaining({ reason: "ingest.problem.unexpectedShape" }));
    expect(() => parse("<html><body>No data</body></html>")).toThrow(
      expect.objectContaining({ reason: "ingest.problem.noJsonLd" }),
    );
    expect(() => parse('<script type="application/ld+json">{</script>')).toThrow(
      expect.objectContaining({ reason: "ingest.problem.invalidJsonLd" }),
    );
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
      fc.property(
        fc.string().map((s) => `<p>${s}</p>`),
        onlyFeedErrors,
      ),
      { numRuns: 100 },
    );
    const value = fc.oneof(fc.string(), fc.integer(), fc.jsonValue());
    const event = fc.record(
      {
        "@type": fc.constant("ScreeningEvent"),
        name: value,
        startDate: value,
        offers: value,
        workPresented: value,
        location: value,
        inLanguage: value,
      },
      { requiredKeys: ["@type"] },
    );
    fc.assert(
      fc.property(fc.array(event), (events) => onlyFeedErrors(JSON.stringify(events))),
      { numRuns: 300 },
    );
    const started = performance.now();
    const deep = "[".repeat(20_000) + "]".repeat(20_000);
    const page = `${"<div>".repeat(20_000)}<script type="application/ld+json">{"@graph": ${deep}}</script>`;
    expect(parse(page)).toEqual({ showtimes: [], problems: [], cinemas: [] });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
