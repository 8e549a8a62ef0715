// Quick picks as listing days, and the listing they give, across the weekend the clocks go forward in
// Amsterdam (Sunday 29 March 2026, 02:00 → 03:00: UTC+1 on Saturday, UTC+2 from Sunday morning).
import { beforeAll, describe, expect, it } from "vitest";
import { cinemas, countries, movies } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { findListing, findShowtimeCountsByFilm } from "./find-listing.ts";
import { listingDateOf } from "./listing-day.ts";
import { parseQuickPick, QUICK_PICKS, quickPickSpan, type ListingSpan } from "./quick-picks.ts";

const ZONE = "Europe/Amsterdam";
const AMSTERDAM = { kind: "city", city: "Amsterdam", countryCode: "NL" } as const;

describe("quickPickSpan", () => {
  it("gives today, tonight from 18:00 and tomorrow as single listing days", () => {
    expect(quickPickSpan("today", "2026-03-25")).toEqual({ date: "2026-03-25", days: 1 });
    expect(quickPickSpan("tonight", "2026-03-25")).toEqual({ date: "2026-03-25", days: 1, fromHour: 18 });
    expect(quickPickSpan("tomorrow", "2026-03-31")).toEqual({ date: "2026-04-01", days: 1 });
  });

  it("gives the coming Saturday and Sunday; on a Saturday today and Sunday; on a Sunday what is left of it", () => {
    // 23 March 2026 is a Monday.
    const weekdays = ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"];
    for (const today of weekdays)
      expect(quickPickSpan("weekend", today), today).toEqual({ date: "2026-03-28", days: 2 });
    expect(quickPickSpan("weekend", "2026-03-28")).toEqual({ date: "2026-03-28", days: 2 });
    expect(quickPickSpan("weekend", "2026-03-29")).toEqual({ date: "2026-03-29", days: 1 });
    // across a month and a year
    expect(quickPickSpan("weekend", "2026-12-31")).toEqual({ date: "2027-01-02", days: 2 });
  });

  it("reads only the four picks from the URL", () => {
    for (const pick of QUICK_PICKS) expect(parseQuickPick(pick)).toBe(pick);
    for (const value of [null, "", "Tonight", "weekend ", "yesterday", "<script>", "today&x=1"])
      expect(parseQuickPick(value)).toBeUndefined();
  });

  it("counts days in the place's time zone, not the server's", () => {
    // 02:30 UTC on Saturday is 03:30 in Amsterdam (Saturday's listing) but still Friday's listing in UTC.
    const now = new Date("2026-03-28T02:30:00Z");
    expect(quickPickSpan("tomorrow", listingDateOf(now, ZONE)).date).toBe("2026-03-29");
    expect(quickPickSpan("tomorrow", listingDateOf(now, "UTC")).date).toBe("2026-03-28");
    // 20:00 in Amsterdam on Saturday is still Saturday in New York, but its tonight starts at 18:00 there.
    expect(listingDateOf(new Date("2026-03-28T19:00:00Z"), "America/New_York")).toBe("2026-03-28");
  });
});

describe("the listing of a quick pick (PGlite)", () => {
  const database = useTestDatabase();
  /** local wall-clock label → id of the show starting then */
  const ids = new Map<string, string>();
  const films = { perfectDays: "", aftersun: "" };

  // Local times in Amsterdam and their instants (UTC+1 until Sunday 02:00, UTC+2 after).
  const shows: [label: string, instant: string][] = [
    ["Fri 23:30", "2026-03-27T22:30:00Z"],
    ["Sat 01:00", "2026-03-28T00:00:00Z"], // Friday's listing (after midnight)
    ["Sat 03:30", "2026-03-28T02:30:00Z"],
    ["Sat 17:59", "2026-03-28T16:59:00Z"],
    ["Sat 18:00", "2026-03-28T17:00:00Z"],
    ["Sun 01:30", "2026-03-29T00:30:00Z"], // Saturday's listing, before the clocks go forward
    ["Sun 03:30", "2026-03-29T01:30:00Z"], // Sunday's listing, UTC+2
    ["Sun 17:59", "2026-03-29T15:59:00Z"],
    ["Sun 18:00", "2026-03-29T16:00:00Z"],
    ["Sun 21:00", "2026-03-29T19:00:00Z"],
    ["Mon 02:30", "2026-03-30T00:30:00Z"], // Sunday's listing (after midnight)
    ["Mon 03:00", "2026-03-30T01:00:00Z"], // Monday's
  ];

  beforeAll(async () => {
    const { db } = database();
    await db
      .insert(countries)
      .values({ code: "NL", name: "Netherlands", defaultLocale: "nl", timeZone: ZONE, currency: "EUR" });
    const [cinema, elsewhere] = await db
      .insert(cinemas)
      .values([
        { name: "Kriterion", slug: "kriterion", city: "Amsterdam", countryCode: "NL", timeZone: ZONE },
        { name: "Louis Hartlooper", slug: "hartlooper", city: "Utrecht", countryCode: "NL", timeZone: ZONE },
      ])
      .returning();
    const [film, other] = await db
      .insert(movies)
      .values([
        { title: "Perfect Days", slug: "perfect-days" },
        { title: "Aftersun", slug: "aftersun" },
      ])
      .returning();
    const rows = await db
      .insert(showtimes)
      .values(
        shows.map(([, instant]) => ({
          cinemaId: cinema!.id,
          countryCode: "NL",
          movieId: film!.id,
          feedTitle: "Perfect Days",
          startsAt: new Date(instant),
        })),
      )
      .returning({ id: showtimes.id, startsAt: showtimes.startsAt });
    films.perfectDays = film!.id;
    films.aftersun = other!.id;
    for (const row of rows) {
      const label = shows.find(([, instant]) => new Date(instant).getTime() === row.startsAt.getTime())![0];
      ids.set(label, row.id);
    }
    // Popularity: the other film plays more often this week, once cancelled, and once in another city.
    await db.insert(showtimes).values([
      ...["2026-03-26T19:00:00Z", "2026-03-27T19:00:00Z", "2026-03-28T19:00:00Z"].map((instant) => ({
        cinemaId: cinema!.id,
        countryCode: "NL",
        movieId: other!.id,
        feedTitle: "Aftersun",
        startsAt: new Date(instant),
      })),
      {
        cinemaId: cinema!.id,
        countryCode: "NL",
        movieId: other!.id,
        feedTitle: "Aftersun",
        startsAt: new Date("2026-03-29T19:00:00Z"),
        status: "cancelled" as const,
      },
      {
        cinemaId: elsewhere!.id,
        countryCode: "NL",
        movieId: other!.id,
        feedTitle: "Aftersun",
        startsAt: new Date("2026-03-29T19:00:00Z"),
      },
      {
        cinemaId: cinema!.id,
        countryCode: "NL",
        feedTitle: "Sneak Preview",
        startsAt: new Date("2026-03-27T20:00:00Z"),
      },
    ]);
  });

  async function listed(span: ListingSpan, notBefore?: Date) {
    const listing = await findListing(database().db, {
      place: AMSTERDAM,
      date: span.date,
      days: span.days,
      fromHour: span.fromHour,
      attributes: [],
      locale: "en",
      notBefore,
    });
    const shown = listing.find((m) => m.title === "Perfect Days")?.cinemas.flatMap((c) => c.showtimes) ?? [];
    const label = new Map([...ids].map(([name, id]) => [id, name]));
    return shown.map((s) => `${label.get(s.id)} → ${s.listingDate}`);
  }

  it("lists Saturday and Sunday of the weekend, late shows with the evening before, across the change to summer time", async () => {
    const today = listingDateOf(new Date("2026-03-25T12:00:00Z"), ZONE);
    expect(await listed(quickPickSpan("weekend", today))).toEqual([
      "Sat 03:30 → 2026-03-28",
      "Sat 17:59 → 2026-03-28",
      "Sat 18:00 → 2026-03-28",
      "Sun 01:30 → 2026-03-28",
      "Sun 03:30 → 2026-03-29",
      "Sun 17:59 → 2026-03-29",
      "Sun 18:00 → 2026-03-29",
      "Sun 21:00 → 2026-03-29",
      "Mon 02:30 → 2026-03-29",
    ]);
  });

  it("lists tonight from 18:00 local time until the listing day ends, in summer time too", async () => {
    expect(await listed(quickPickSpan("tonight", "2026-03-28"))).toEqual([
      "Sat 18:00 → 2026-03-28",
      "Sun 01:30 → 2026-03-28",
    ]);
    expect(await listed(quickPickSpan("tonight", "2026-03-29"))).toEqual([
      "Sun 18:00 → 2026-03-29",
      "Sun 21:00 → 2026-03-29",
      "Mon 02:30 → 2026-03-29",
    ]);
  });

  it("still lists what is left of tonight once 18:00 has passed", async () => {
    // 20:30 on Sunday in Amsterdam; the page hides shows that started more than 15 minutes before.
    const notBefore = new Date("2026-03-29T18:15:00Z");
    expect(await listed(quickPickSpan("tonight", "2026-03-29"), notBefore)).toEqual([
      "Sun 21:00 → 2026-03-29",
      "Mon 02:30 → 2026-03-29",
    ]);
  });

  it("counts each film's scheduled shows in the place over a week (popularity)", async () => {
    const counts = await findShowtimeCountsByFilm(
      database().db,
      AMSTERDAM,
      new Date("2026-03-26T00:00:00Z"),
      new Date("2026-04-02T00:00:00Z"),
    );
    expect(Object.fromEntries(counts)).toEqual({
      [films.perfectDays]: shows.length,
      [films.aftersun]: 3,
      "feed:Sneak Preview": 1,
    });
  });
});
