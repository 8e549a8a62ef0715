import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cinemas, countries, movies, movieTitles } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { findAttributeCodesInUse, findListing } from "./find-listing.ts";
import { listingDateOf, listingDates } from "./listing-day.ts";

const database = useTestDatabase();
const AMSTERDAM = { kind: "city", city: "Amsterdam", countryCode: "NL" } as const;
let movieId = "";

beforeAll(async () => {
  const { db } = database();
  await db.insert(countries).values({
    code: "NL",
    name: "Netherlands",
    defaultLocale: "nl",
    timeZone: "Europe/Amsterdam",
    currency: "EUR",
  });
  const [tuschinski, eye, utrecht] = await db
    .insert(cinemas)
    .values([
      {
        name: "Pathé Tuschinski",
        slug: "tuschinski",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        latitude: 52.3665,
        longitude: 4.8945,
      },
      {
        name: "Eye Filmmuseum",
        slug: "eye",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        latitude: 52.3843,
        longitude: 4.9008,
      },
      {
        name: "Louis Hartlooper",
        slug: "hartlooper",
        city: "Utrecht",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        latitude: 52.0894,
        longitude: 5.1141,
      },
    ])
    .returning();
  const [movie] = await db
    .insert(movies)
    .values({ title: "Inside Out 2", slug: "inside-out-2", year: 2024 })
    .returning();
  movieId = movie!.id;
  await db.insert(movieTitles).values({ movieId, locale: "nl", title: "Binnenstebuiten 2" });
  const base = { countryCode: "NL", feedTitle: "Inside Out 2", movieId } as const;
  await db.insert(showtimes).values([
    // 2026-03-14 is a Saturday; Amsterdam is UTC+1 then.
    {
      ...base,
      cinemaId: tuschinski!.id,
      startsAt: new Date("2026-03-14T19:00:00Z"),
      attributes: ["ov", "nl-subs"],
      bookingUrl: "https://www.pathe.nl/a",
    },
    { ...base, cinemaId: tuschinski!.id, startsAt: new Date("2026-03-14T23:30:00Z"), attributes: ["3d"] }, // 00:30 local, still Saturday's listing
    { ...base, cinemaId: tuschinski!.id, startsAt: new Date("2026-03-15T02:30:00Z"), attributes: [] }, // 03:30 local: Sunday's listing
    {
      ...base,
      cinemaId: eye!.id,
      startsAt: new Date("2026-03-14T15:00:00Z"),
      attributes: ["ov"],
      status: "cancelled",
    },
    { ...base, cinemaId: eye!.id, startsAt: new Date("2026-03-14T17:00:00Z"), attributes: ["ov"] },
    { ...base, cinemaId: utrecht!.id, startsAt: new Date("2026-03-14T18:00:00Z"), attributes: ["ov"] },
    {
      countryCode: "NL",
      feedTitle: "Sneak Preview",
      movieId: null,
      cinemaId: tuschinski!.id,
      startsAt: new Date("2026-03-14T20:00:00Z"),
    },
  ]);
});

describe("findListing", () => {
  it("keeps a listing day from 03:00 to 03:00 local time and leaves out cancelled shows and other cities", async () => {
    const listing = await findListing(database().db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: [],
      locale: "en",
    });
    const inside = listing.find((m) => m.id === movieId)!;
    expect(inside.showtimeCount).toBe(3);
    expect(inside.cinemas.map((c) => c.name)).toEqual(["Eye Filmmuseum", "Pathé Tuschinski"]);
    expect(inside.cinemas[1]!.showtimes.map((s) => s.startsAt.toISOString())).toEqual([
      "2026-03-14T19:00:00.000Z",
      "2026-03-14T23:30:00.000Z",
    ]);
    const sunday = await findListing(database().db, {
      place: AMSTERDAM,
      date: "2026-03-15",
      attributes: [],
      locale: "en",
    });
    expect(sunday[0]!.cinemas[0]!.showtimes).toHaveLength(1);
  });

  it("lists a showtime without a linked movie under its feed title", async () => {
    const listing = await findListing(database().db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: [],
      locale: "en",
    });
    expect(listing.find((m) => m.title === "Sneak Preview")).toMatchObject({
      id: "feed:Sneak Preview",
      showtimeCount: 1,
    });
  });

  it("uses the localized title and requires every chosen attribute", async () => {
    const listing = await findListing(database().db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: ["ov", "nl-subs"],
      locale: "nl",
    });
    expect(listing).toHaveLength(1);
    expect(listing[0]!.title).toBe("Binnenstebuiten 2");
    expect(listing[0]!.showtimeCount).toBe(1);
  });

  it("finds cinemas within a radius, nearest first, with their distance", async () => {
    const listing = await findListing(database().db, {
      place: { kind: "near", latitude: 52.3731, longitude: 4.8922, radiusKm: 5 },
      date: "2026-03-14",
      attributes: [],
      locale: "en",
    });
    const cinemasNear = listing.find((m) => m.id === movieId)!.cinemas;
    expect(cinemasNear.map((c) => c.name)).toEqual(["Pathé Tuschinski", "Eye Filmmuseum"]);
    expect(cinemasNear[0]!.distanceKm).toBeGreaterThan(0.5);
    expect(cinemasNear[0]!.distanceKm).toBeLessThan(1);
  });

  it("gives no distance to a cinema placed at its city's centre, and lists it after those with one", async () => {
    const { db } = database();
    await db.update(cinemas).set({ coordinatesApproximate: true }).where(eq(cinemas.slug, "tuschinski"));
    try {
      const listing = await findListing(db, {
        place: { kind: "near", latitude: 52.3731, longitude: 4.8922, radiusKm: 5 },
        date: "2026-03-14",
        attributes: [],
        locale: "en",
      });
      const cinemasNear = listing.find((m) => m.id === movieId)!.cinemas;
      expect(cinemasNear.map((c) => [c.name, c.distanceKm === null, c.approximateLocation])).toEqual([
        ["Eye Filmmuseum", false, false],
        ["Pathé Tuschinski", true, true],
      ]);
    } finally {
      await db.update(cinemas).set({ coordinatesApproximate: false }).where(eq(cinemas.slug, "tuschinski"));
    }
  });

  it("hides shows that started before notBefore", async () => {
    const listing = await findListing(database().db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: [],
      locale: "en",
      notBefore: new Date("2026-03-14T18:00:00Z"),
    });
    expect(listing.find((m) => m.id === movieId)!.showtimeCount).toBe(2);
  });

  it("reports the attributes in use for a place", async () => {
    const codes = await findAttributeCodesInUse(
      database().db,
      AMSTERDAM,
      new Date("2026-03-14T00:00:00Z"),
      new Date("2026-03-16T00:00:00Z"),
    );
    expect([...codes].sort()).toEqual(["3d", "nl-subs", "ov"]);
  });
});

describe("listing days", () => {
  it("puts 02:59 local in the previous day and 03:00 in the new one, across DST", () => {
    expect(listingDateOf(new Date("2026-03-15T01:59:00Z"), "Europe/Amsterdam")).toBe("2026-03-14");
    expect(listingDateOf(new Date("2026-03-15T02:00:00Z"), "Europe/Amsterdam")).toBe("2026-03-15");
    // Summer time (UTC+2): 03:00 local is 01:00Z.
    expect(listingDateOf(new Date("2026-07-01T00:59:00Z"), "Europe/Amsterdam")).toBe("2026-06-30");
    expect(listingDateOf(new Date("2026-07-01T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-07-01");
  });

  it("offers today and the next 13 days", () => {
    const dates = listingDates(new Date("2026-12-25T12:00:00Z"), "Europe/Paris");
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2026-12-25");
    expect(dates[13]).toBe("2027-01-07");
  });
});

describe("booking links in the listing", () => {
  it("deep-links through the cinema's template, else to the cinema's site, and says which", async () => {
    const { db } = database();
    await db
      .update(cinemas)
      .set({
        website: "https://www.eyefilm.nl/",
        bookingUrlTemplate: "https://tickets.eyefilm.nl/{cinema_ref}/{source_ref}",
      })
      .where(eq(cinemas.slug, "eye"));
    await db.update(cinemas).set({ website: "https://www.pathe.nl/" }).where(eq(cinemas.slug, "tuschinski"));
    const listing = await findListing(db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: [],
      locale: "en",
    });
    const inside = listing.find((m) => m.id === movieId)!;
    const eye = inside.cinemas.find((c) => c.name === "Eye Filmmuseum")!;
    // No site code yet: the template cannot be filled in, so the show books at the cinema's site.
    expect(eye.showtimes[0]).toMatchObject({ bookingUrl: "https://www.eyefilm.nl/", bookingKind: "cinema" });
    const tuschinski = inside.cinemas.find((c) => c.name === "Pathé Tuschinski")!;
    expect(tuschinski.showtimes.map((s) => [s.bookingUrl, s.bookingKind])).toEqual([
      ["https://www.pathe.nl/a", "showtime"],
      ["https://www.pathe.nl/", "cinema"],
    ]);

    await db.update(cinemas).set({ posSiteId: "EYE 1" }).where(eq(cinemas.slug, "eye"));
    await db.update(showtimes).set({ sourceRef: "s/17" }).where(eq(showtimes.cinemaId, eye.id));
    const again = await findListing(db, {
      place: AMSTERDAM,
      date: "2026-03-14",
      attributes: [],
      locale: "en",
    });
    const deep = again.find((m) => m.id === movieId)!.cinemas.find((c) => c.name === "Eye Filmmuseum")!;
    expect(deep.showtimes[0]).toMatchObject({
      bookingUrl: "https://tickets.eyefilm.nl/EYE%201/s%2F17",
      bookingKind: "showtime",
    });
  });
});
