import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FeedParseError } from "../feed.ts";
import { veeziJsonAdapter } from "./veezi-json.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const read = (...parts: string[]) => readFileSync(path.resolve(repoRoot, ...parts), "utf8");
const sample = (file: string) => veeziJsonAdapter.parse(read("core/ingest/adapters/fixtures/veezi", file));

describe("veezi-json", () => {
  it("reads the Veezi sessions sample: local times, no zone", () => {
    const feed = sample("json_sessions.json");
    expect(feed.problems).toEqual([]);
    expect(feed.showtimes).toHaveLength(2);
    expect(feed.showtimes[0]).toEqual({
      ref: "702",
      where: "sessions[0]",
      title: "Contraband",
      startsAt: "2013-06-28T17:00:00",
      featureStartsAt: "2013-06-28T17:00:00",
      endsAt: "2013-06-28T18:49:00",
      auditorium: "2",
      attributes: [],
      subtitleLanguages: [],
      seatsAvailable: 70,
      hints: {},
    });
    expect(feed.showtimes[1]).toMatchObject({
      ref: "703",
      title: "The Godfather",
      startsAt: "2013-06-28T12:15:00",
    });
  });

  it("reads web sessions with their booking URL and a single session", () => {
    const web = sample("json_web_sessions.json");
    expect(web.showtimes.map((s) => [s.ref, s.bookingUrl])).toEqual([
      ["702", "http://planetargon.com"],
      ["703", "http://planetargon.com"],
    ]);
    const one = sample("json_session.json");
    expect(one.showtimes).toHaveLength(1);
    expect(one.showtimes[0]).toMatchObject({
      ref: "429",
      title: "Women on the 6th Floor",
      startsAt: "2013-08-01T14:00:00",
      featureStartsAt: "2013-08-01T14:10:00",
      seatsAvailable: 106,
    });
  });

  it("reads films alone as no showtimes", () => {
    expect(sample("json_films.json")).toEqual({ showtimes: [], problems: [], cinemas: [] });
    expect(sample("json_film.json")).toEqual({ showtimes: [], problems: [], cinemas: [] });
  });

  it("reads a combined document: film hints, closed and sold-out sessions, private ones left out", () => {
    const feed = veeziJsonAdapter.parse(read("core/ingest/adapters/fixtures/veezi-combined.json"));
    expect(feed.showtimes.map((s) => s.ref)).toEqual(["9001", "9002", "9004"]);
    expect(feed.showtimes[0]).toEqual({
      ref: "9001",
      where: "sessions[0]",
      title: "Aftersun",
      startsAt: "2026-05-01T19:40:00",
      featureStartsAt: "2026-05-01T20:00:00",
      endsAt: "2026-05-01T21:42:00",
      auditorium: "1",
      attributes: ["2D Digital", "OV"],
      subtitleLanguages: [],
      bookingUrl: "https://ticketing.example/veezi/9001",
      seatsAvailable: 40,
      hints: { runtimeMinutes: 102, year: 2022, releaseDate: "2022-11-17", language: "English" },
    });
    expect(feed.showtimes[1]).toMatchObject({
      cancelled: true,
      availability: "sold-out",
      hints: { year: 2023 },
    });
    expect(feed.showtimes[2]).toMatchObject({ title: "Unknown film", hints: {} });
    expect(feed.problems).toEqual([
      {
        where: "sessions[4]",
        field: "PreShowStartTime",
        message: "ingest.problem.invalidDate",
        values: { value: "yesterday" },
      },
      {
        where: "sessions[4]",
        field: "SeatsAvailable",
        message: "ingest.problem.negativeNumber",
        values: { value: "-2" },
      },
      {
        where: "sessions[5]",
        field: "ref",
        message: "ingest.problem.duplicateRef",
        values: { ref: "9001", first: "sessions[0]" },
      },
    ]);
  });

  it("reports a session missing its title", () => {
    const feed = veeziJsonAdapter.parse(
      '[{"Id": 1, "FilmId": "X", "PreShowStartTime": "2026-01-01T10:00:00"}]',
    );
    expect(feed.problems).toEqual([
      { where: "sessions[0]", field: "Title", message: "ingest.problem.required", values: {} },
    ]);
  });

  it("reads an empty array as an empty feed and refuses other shapes", () => {
    expect(veeziJsonAdapter.parse("[]")).toEqual({ showtimes: [], problems: [], cinemas: [] });
    for (const input of ['{"hello": 1}', "[1, 2]", '"x"']) {
      expect(() => veeziJsonAdapter.parse(input)).toThrow(
        expect.objectContaining({ reason: "ingest.problem.unexpectedShape", values: { format: "Veezi" } }),
      );
    }
    expect(() =>
      veeziJsonAdapter.parse(read("core/ingest/adapters/fixtures/veezi/json_sessions.json").slice(0, 200)),
    ).toThrow(expect.objectContaining({ reason: "ingest.problem.invalidJson" }));
  });

  it("throws nothing but FeedParseError on arbitrary input", () => {
    const onlyFeedErrors = (input: string) => {
      try {
        veeziJsonAdapter.parse(input);
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError);
      }
    };
    fc.assert(fc.property(fc.string({ unit: "binary" }), onlyFeedErrors), { numRuns: 300 });
    const value = fc.jsonValue();
    const session = fc.record({
      Id: value,
      FilmId: value,
      Title: value,
      PreShowStartTime: value,
      SeatsAvailable: value,
      Attributes: value,
      Status: value,
    });
    fc.assert(
      fc.property(fc.array(session), (sessions) => onlyFeedErrors(JSON.stringify({ sessions }))),
      {
        numRuns: 300,
      },
    );
  });
});
