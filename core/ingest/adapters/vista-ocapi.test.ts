import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasSharedData, sharedDataFile } from "../../../tests/helpers/shared-data.ts";
import { FeedParseError } from "../feed.ts";
import { vistaOcapiAdapter } from "./vista-ocapi.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const parse = (input: string) => vistaOcapiAdapter.parse(input);

describe("vista-ocapi", () => {
  it("reads the normalised client state: sites, films, screens and attributes by id", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/vista-ocapi-state.json"));
    expect(feed.problems).toEqual([]);
    expect(feed.cinemas).toEqual([
      { ref: "HRB1", name: "Harbour", latitude: 53.4084, longitude: -2.9916, timeZone: "Europe/London" },
      {
        ref: "MKT1",
        name: "Market Street",
        latitude: 53.4808,
        longitude: -2.2426,
        timeZone: "Europe/London",
      },
    ]);
    expect(feed.showtimes).toHaveLength(3);
    expect(feed.showtimes.find((s) => s.ref === "HRB1-7001")).toEqual({
      ref: "HRB1-7001",
      where: "showtimesById.HRB1-7001",
      cinemaRef: "HRB1",
      cinemaName: "Harbour",
      title: "The Lighthouse Keeper",
      startsAt: "2026-03-14T18:00:00+00:00",
      featureStartsAt: "2026-03-14T18:20:00+00:00",
      endsAt: "2026-03-14T20:09:00+00:00",
      auditorium: "Screen 1",
      attributes: [],
      subtitleLanguages: [],
      hints: { runtimeMinutes: 109, year: 2026, releaseDate: "2026-02-27" },
    });
    expect(feed.showtimes.find((s) => s.ref === "HRB1-7002")).toMatchObject({
      title: "Paper Moons",
      attributes: ["Subtitled"],
    });
  });

  it.runIf(hasSharedData)(
    "reads the Curzon capture (in ../shared/data): 174 showtimes at Aldgate, 16 sites",
    () => {
      const feed = parse(
        readFileSync(sharedDataFile("feeds/unlicensed/vista_ocapi_curzon_uk_2025-11-12.json"), "utf8"),
      );
      expect(feed.problems).toEqual([]);
      expect(feed.showtimes).toHaveLength(174);
      expect(feed.cinemas).toHaveLength(16);
      expect(feed.cinemas[0]).toEqual({
        ref: "ALD1",
        name: "Aldgate",
        latitude: 51.5139,
        longitude: -0.069,
        timeZone: "Europe/London",
      });
      expect(feed.showtimes[0]).toEqual({
        ref: "ALD1-60152",
        where: "showtimesById.ALD1-60152",
        cinemaRef: "ALD1",
        cinemaName: "Aldgate",
        title: "Frankenstein",
        startsAt: "2025-11-12T14:00:00+00:00",
        featureStartsAt: "2025-11-12T14:25:00+00:00",
        endsAt: "2025-11-12T16:54:00+00:00",
        auditorium: "Screen 2",
        attributes: [],
        subtitleLanguages: [],
        hints: { runtimeMinutes: 149, year: 2025, releaseDate: "2025-10-17" },
      });
      const filmClub = feed.showtimes.find((s) => s.ref === "ALD1-58516");
      expect(filmClub).toMatchObject({ title: "Pulling Focus: We Are the Best!", attributes: ["Film Club"] });
      expect(feed.showtimes.filter((s) => s.attributes.length > 0)).toHaveLength(12);
    },
  );

  it("reads the plain list shape (under relatedData) and skips showtimes it cannot place", () => {
    const feed = parse(read("core/ingest/adapters/fixtures/vista-ocapi-lists.json"));
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toEqual({
      ref: "EYE1-1001",
      where: "showtimes[0]",
      cinemaRef: "EYE1",
      cinemaName: "Eye Filmmuseum",
      title: "The Wild Robot",
      startsAt: "2026-04-10T19:00:00+02:00",
      featureStartsAt: "2026-04-10T19:15:00+02:00",
      endsAt: "2026-04-10T21:20:00+02:00",
      auditorium: "Cinema 1",
      attributes: ["English subtitles", "3D"],
      subtitleLanguages: [],
      hints: { runtimeMinutes: 102, year: 2024, releaseDate: "2024-10-16" },
    });
    expect(feed.showtimes[1]).toMatchObject({
      ref: "EYE1-1002",
      availability: "sold-out",
      auditorium: "Cinema 2",
    });
    expect(feed.problems).toEqual([
      {
        where: "showtimes[2]",
        field: "filmId",
        message: "ingest.problem.unknownFilm",
        values: { film: "HO00000999" },
      },
      {
        where: "showtimes[3]",
        field: "schedule.startsAt",
        message: "ingest.problem.invalidDate",
        values: { value: "2026-04-31T13:00:00+02:00" },
      },
    ]);
    expect(feed.cinemas).toEqual([
      {
        ref: "EYE1",
        name: "Eye Filmmuseum",
        latitude: 52.3844,
        longitude: 4.9008,
        timeZone: "Europe/Amsterdam",
      },
      { ref: "EYE2", name: "Eye Zaal 2" },
    ]);
  });

  it("reports a film without a title and a duplicate showtime id", () => {
    const feed = parse(
      JSON.stringify({
        films: [
          { id: "F1", title: { text: "" } },
          { id: "F2", title: "Flow" },
        ],
        showtimes: [
          { id: "S1", filmId: "F1", schedule: { startsAt: "2026-01-01T10:00:00Z" } },
          { id: "S2", filmId: "F2", schedule: { startsAt: "2026-01-01T12:00:00Z" } },
          { id: "S2", filmId: "F2", schedule: { startsAt: "2026-01-01T14:00:00Z" } },
        ],
      }),
    );
    expect(feed.showtimes.map((s) => s.ref)).toEqual(["S2"]);
    expect(feed.problems).toEqual([
      { where: "showtimes[0]", field: "film.title", message: "ingest.problem.required", values: {} },
      {
        where: "showtimes[2]",
        field: "ref",
        message: "ingest.problem.duplicateRef",
        values: { ref: "S2", first: "showtimes[1]" },
      },
    ]);
  });

  it("reads no showtimes as an empty feed and refuses other shapes", () => {
    expect(parse('{"showtimes": []}')).toEqual({ showtimes: [], problems: [], cinemas: [] });
    for (const input of ["[]", '{"films": []}', "7"]) {
      expect(() => parse(input)).toThrow(
        expect.objectContaining({
          reason: "ingest.problem.unexpectedShape",
          values: { format: "Vista OCAPI" },
        }),
      );
    }
    expect(() => parse('{"showtimesById": {')).toThrow(
      expect.objectContaining({ reason: "ingest.problem.invalidJson" }),
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
    const value = fc.jsonValue();
    const showtime = fc.record({
      id: value,
      filmId: value,
      siteId: value,
      screenId: value,
      schedule: value,
      attributeIds: value,
    });
    const document = fc.record({
      showtimes: fc.array(showtime),
      films: fc.array(fc.record({ id: value, title: value, releaseDate: value, runtimeInMinutes: value })),
      sites: value,
      screens: value,
    });
    fc.assert(
      fc.property(document, (doc) => onlyFeedErrors(JSON.stringify(doc))),
      { numRuns: 300 },
    );
  });
});
