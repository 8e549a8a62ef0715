// The home page's listing rules over stand-in lookups: the day or quick pick asked for, "today is over,
// show tomorrow", filters that match nothing today, and the order.
import { describe, expect, it } from "vitest";
import type { ListingMovie, ListingQuery } from "./find-listing.ts";
import { findHomeFilters, findHomeListing, type HomeListingRequest } from "./home-listing.ts";
import type { ListingLookups } from "./listing-cache.ts";

// 22:00 in Amsterdam on Sunday 22 November 2026: today's listing day runs until 03:00.
const NOW = new Date("2026-11-22T21:00:00Z");
const AMSTERDAM = { kind: "city", city: "Amsterdam", countryCode: "NL" } as const;

function film(id: string, title: string, startsAt: string, shows = 1): ListingMovie {
  const showtime = {
    id: `${id}-1`,
    startsAt: new Date(startsAt),
    listingDate: startsAt.slice(0, 10),
    attributes: [],
    availability: "available" as const,
    bookingUrl: null,
    bookingKind: null,
    priceMin: null,
    priceMax: null,
    currency: null,
    seatsAvailable: null,
    seatsTotal: null,
    auditorium: null,
    audioLanguage: null,
    subtitleLanguages: [],
  };
  const cinema = {
    id: "c1",
    name: "Cinema",
    slug: "cinema",
    city: "Amsterdam",
    address: null,
    timeZone: "Europe/Amsterdam",
    distanceKm: null,
    approximateLocation: false,
    showtimes: [showtime],
  };
  return {
    id,
    slug: id,
    title,
    year: null,
    runtimeMinutes: null,
    genres: [],
    certification: {},
    poster: null,
    cinemas: [cinema],
    showtimeCount: shows,
  };
}

/** Lookups whose listing answers per date (and, with filters, per filter); records the queries. */
function lookups(byDate: Record<string, ListingMovie[]>, options: { filtered?: ListingMovie[] } = {}) {
  const queries: ListingQuery[] = [];
  const unused = () => Promise.reject(new Error("not used by the listing"));
  const fake: ListingLookups = {
    attributes: unused,
    popularCities: unused,
    findCity: unused,
    listing: (query) => {
      queries.push(query);
      if (query.attributes.length > 0) return Promise.resolve(options.filtered ?? []);
      return Promise.resolve(byDate[query.date] ?? []);
    },
    listingDays: unused,
    movieCities: unused,
    attributeCodesInUse: () => Promise.resolve(new Set(["en"])),
    filmPopularity: () => Promise.resolve(new Map([["b", 50]])),
  };
  return { fake, queries };
}

const request = (changes: Partial<HomeListingRequest> = {}): HomeListingRequest => ({
  place: AMSTERDAM,
  timeZone: "Europe/Amsterdam",
  now: NOW,
  locale: "en",
  date: null,
  when: null,
  sort: null,
  attributes: [],
  ...changes,
});

const tomorrowsFilm = film("t", "Tomorrow", "2026-11-23T19:00:00Z");
const tonightsFilm = film("n", "Tonight", "2026-11-22T22:00:00Z");

describe("findHomeListing", () => {
  it("lists today, hiding shows that started more than a quarter of an hour ago", async () => {
    const { fake, queries } = lookups({ "2026-11-22": [tonightsFilm] });
    const listing = await findHomeListing(fake, request());
    expect(listing).toMatchObject({
      span: { date: "2026-11-22", days: 1 },
      todayIsOver: false,
      sort: "next",
    });
    expect(listing.movies.map((m) => m.id)).toEqual(["n"]);
    expect(queries[0]).toMatchObject({
      place: AMSTERDAM,
      date: "2026-11-22",
      notBefore: new Date("2026-11-22T20:45:00Z"),
    });
    expect(listing.dates[0]).toBe("2026-11-22");
  });

  it("shows tomorrow when today is over and no day was asked for", async () => {
    const { fake } = lookups({ "2026-11-23": [tomorrowsFilm] });
    const listing = await findHomeListing(fake, request());
    expect(listing).toMatchObject({ span: { date: "2026-11-23", days: 1 }, todayIsOver: true });
    expect(listing.movies.map((m) => m.id)).toEqual(["t"]);
  });

  it("keeps an empty day that was asked for, and a quick pick", async () => {
    const { fake } = lookups({ "2026-11-23": [tomorrowsFilm] });
    const asked = await findHomeListing(fake, request({ date: "2026-11-22" }));
    expect(asked).toMatchObject({ span: { date: "2026-11-22" }, todayIsOver: false, movies: [] });
    const picked = await findHomeListing(fake, request({ when: "tonight", date: "2026-11-23" }));
    expect(picked).toMatchObject({
      pick: "tonight",
      span: { date: "2026-11-22", fromHour: 18 },
      todayIsOver: false,
    });
  });

  it("keeps today when filters match nothing but today still has shows", async () => {
    const { fake } = lookups({ "2026-11-22": [tonightsFilm], "2026-11-23": [tomorrowsFilm] });
    const listing = await findHomeListing(fake, request({ attributes: ["imax"] }));
    expect(listing).toMatchObject({ span: { date: "2026-11-22" }, todayIsOver: false, movies: [] });
  });

  it("lists nothing, and asks nothing, for a city that was not found", async () => {
    const { fake, queries } = lookups({ "2026-11-22": [tonightsFilm] });
    const listing = await findHomeListing(fake, request({ place: null }));
    expect(listing).toMatchObject({ todayIsOver: false, movies: [] });
    expect(queries).toEqual([]);
  });

  it("orders by the place's week for 'popular'", async () => {
    const a = film("a", "A", "2026-11-22T21:30:00Z", 3);
    const b = film("b", "B", "2026-11-22T22:30:00Z", 1);
    const { fake } = lookups({ "2026-11-22": [a, b] });
    const listing = await findHomeListing(fake, request({ sort: "popular" }));
    expect(listing.movies.map((m) => m.id)).toEqual(["b", "a"]);
  });
});

describe("findHomeFilters", () => {
  const attributes = [
    { code: "en", category: "language" },
    { code: "imax", category: "format" },
    { code: "3d", category: "format" },
  ];

  it("offers the filters in use at the place and the ones chosen; none for a city not found", async () => {
    const { fake } = lookups({});
    const offered = await findHomeFilters(fake, {
      place: AMSTERDAM,
      now: NOW,
      attributes,
      selected: ["imax"],
    });
    expect(offered.map((a) => a.code)).toEqual(["en", "imax"]);
    const none = await findHomeFilters(fake, { place: null, now: NOW, attributes, selected: [] });
    expect(none).toEqual([]);
  });
});
