// The film and cinema pages' queries on a real database: which listing days have showtimes (and how
// many of them tonight), where a film plays, and the listing narrowed to one film, one cinema, tonight.
import { beforeAll, describe, expect, it } from "vitest";
import { cinemas, countries, movies } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { findListing } from "./find-listing.ts";
import { findListingDays, findMovieCities, TONIGHT_FROM } from "./find-listing-days.ts";

const database = useTestDatabase();
const AMSTERDAM = { kind: "city", city: "Amsterdam", countryCode: "NL" } as const;
const ids = { dune: "", inside: "", tuschinski: "", eye: "", utrecht: "", closed: "" };

beforeAll(async () => {
  const { db } = database();
  await db.insert(countries).values({
    code: "NL",
    name: "Netherlands",
    defaultLocale: "nl",
    timeZone: "Europe/Amsterdam",
    currency: "EUR",
  });
  const cinema = (name: string, slug: string, city: string, status: "open" | "closed" = "open") => ({
    name,
    slug,
    city,
    countryCode: "NL",
    timeZone: "Europe/Amsterdam",
    status,
  });
  const [tuschinski, eye, utrecht, closed] = await db
    .insert(cinemas)
    .values([
      cinema("Pathé Tuschinski", "tuschinski", "Amsterdam"),
      cinema("Eye Filmmuseum", "eye", "Amsterdam"),
      cinema("Louis Hartlooper", "hartlooper", "Utrecht"),
      cinema("Gone", "gone", "Amsterdam", "closed"),
    ])
    .returning();
  const [dune, inside] = await db
    .insert(movies)
    .values([
      { title: "Dune: Part Two", slug: "dune-part-two", runtimeMinutes: 166 },
      { title: "Inside Out 2", slug: "inside-out-2" },
    ])
    .returning();
  Object.assign(ids, {
    dune: dune!.id,
    inside: inside!.id,
    tuschinski: tuschinski!.id,
    eye: eye!.id,
    utrecht: utrecht!.id,
    closed: closed!.id,
  });
  const show = (
    cinemaId: string,
    movieId: string,
    startsAt: string,
    status: "scheduled" | "cancelled" = "scheduled",
  ) => ({ cinemaId, countryCode: "NL", movieId, feedTitle: "x", startsAt: new Date(startsAt), status });
  // Amsterdam is UTC+1 in March 2026 (summer time starts on the 29th).
  await db.insert(showtimes).values([
    show(tuschinski!.id, dune!.id, "2026-03-14T13:00:00Z"), // Sat 14:00
    show(tuschinski!.id, dune!.id, "2026-03-14T17:00:00Z"), // Sat 18:00: tonight
    show(tuschinski!.id, dune!.id, "2026-03-14T23:30:00Z"), // Sun 00:30: still Saturday's evening
    show(tuschinski!.id, dune!.id, "2026-03-15T02:30:00Z"), // Sun 03:30: Sunday's listing
    show(eye!.id, dune!.id, "2026-03-14T16:59:00Z"), // Sat 17:59: not tonight yet
    show(eye!.id, dune!.id, "2026-03-16T19:00:00Z", "cancelled"),
    show(eye!.id, inside!.id, "2026-03-16T19:00:00Z"),
    show(utrecht!.id, dune!.id, "2026-03-14T19:00:00Z"),
    show(utrecht!.id, dune!.id, "2026-03-15T19:00:00Z"),
    show(utrecht!.id, dune!.id, "2026-03-16T19:00:00Z"),
    show(closed!.id, dune!.id, "2026-03-14T19:00:00Z"),
  ]);
});

describe("the days that have showtimes", () => {
  it("counts a film's shows per listing day at a place, and those from tonight's start", async () => {
    const days = await findListingDays(database().db, {
      place: AMSTERDAM,
      movieId: ids.dune,
      from: "2026-03-14",
      to: "2026-03-27",
    });
    expect(TONIGHT_FROM).toBe("18:00");
    expect(days).toEqual([
      { date: "2026-03-14", showtimes: 4, evening: 2 },
      { date: "2026-03-15", showtimes: 1, evening: 0 },
    ]);
  });

  it("leaves out shows that started before notBefore and days outside the range", async () => {
    const days = await findListingDays(database().db, {
      place: AMSTERDAM,
      movieId: ids.dune,
      from: "2026-03-14",
      to: "2026-03-14",
      notBefore: new Date("2026-03-14T16:00:00Z"),
    });
    expect(days).toEqual([{ date: "2026-03-14", showtimes: 3, evening: 2 }]);
  });

  it("counts one cinema's whole programme, and nothing at a closed cinema", async () => {
    const eye = await findListingDays(database().db, {
      place: { kind: "cinema", cinemaId: ids.eye },
      from: "2026-03-14",
      to: "2026-03-20",
    });
    expect(eye).toEqual([
      { date: "2026-03-14", showtimes: 1, evening: 0 },
      { date: "2026-03-16", showtimes: 1, evening: 1 },
    ]);
    const closed = await findListingDays(database().db, {
      place: { kind: "cinema", cinemaId: ids.closed },
      from: "2026-03-14",
      to: "2026-03-20",
    });
    expect(closed).toEqual([]);
  });
});

describe("where a film plays", () => {
  it("lists the cities with its scheduled shows at open cinemas between two instants, busiest first", async () => {
    const cities = await findMovieCities(database().db, {
      movieId: ids.dune,
      from: new Date("2026-03-14T00:00:00Z"),
      to: new Date("2026-03-28T00:00:00Z"),
    });
    expect(cities).toEqual([
      { city: "Amsterdam", countryCode: "NL", timeZone: "Europe/Amsterdam", showtimes: 5 },
      { city: "Utrecht", countryCode: "NL", timeZone: "Europe/Amsterdam", showtimes: 3 },
    ]);
    const later = await findMovieCities(database().db, {
      movieId: ids.dune,
      from: new Date("2026-03-15T12:00:00Z"),
      to: new Date("2026-03-28T00:00:00Z"),
    });
    expect(later).toEqual([
      { city: "Utrecht", countryCode: "NL", timeZone: "Europe/Amsterdam", showtimes: 2 },
    ]);
  });
});

describe("the listing narrowed for the film and cinema pages", () => {
  const base = { attributes: [], locale: "en" } as const;

  it("gives one film's cinemas and times at a place", async () => {
    const listing = await findListing(database().db, {
      ...base,
      place: AMSTERDAM,
      date: "2026-03-14",
      movieId: ids.dune,
    });
    expect(listing.map((m) => m.slug)).toEqual(["dune-part-two"]);
    expect(listing[0]!.cinemas.map((c) => [c.slug, c.showtimes.length])).toEqual([
      ["eye", 1],
      ["tuschinski", 3],
    ]);
  });

  it("gives tonight's shows only: from 18:00 local time, after midnight included", async () => {
    const listing = await findListing(database().db, {
      ...base,
      place: AMSTERDAM,
      date: "2026-03-14",
      movieId: ids.dune,
      fromLocalTime: TONIGHT_FROM,
    });
    expect(listing[0]!.cinemas.flatMap((c) => c.showtimes.map((s) => s.startsAt.toISOString()))).toEqual([
      "2026-03-14T17:00:00.000Z",
      "2026-03-14T23:30:00.000Z",
    ]);
  });

  it("gives one cinema's films of the day", async () => {
    const listing = await findListing(database().db, {
      ...base,
      place: { kind: "cinema", cinemaId: ids.eye },
      date: "2026-03-16",
    });
    expect(listing.map((m) => [m.slug, m.showtimeCount])).toEqual([["inside-out-2", 1]]);
  });
});
