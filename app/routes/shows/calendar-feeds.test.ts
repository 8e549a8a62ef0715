// The subscribable feeds through the real app (production build) on the small demo catalogue: a cinema's
// and a film-in-a-city's upcoming shows as iCalendar (read back by ical.js), bounded to the next two weeks,
// with an ETag (304), and 404 for unknown cinemas, films and cities.
import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { notBeforeOf } from "../../../core/showtimes/public-listing.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";

const NOW = new Date("2026-11-22T11:00:00Z");
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let close: () => Promise<void>;

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, close } = await createTestApp(database(), { now: () => NOW }));
});

afterAll(async () => {
  await close();
});

function events(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return {
    name: root.getFirstPropertyValue("x-wr-calname"),
    zones: root.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")),
    events: root.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component)),
  };
}

/** The feeds start where the public pages do: shows that began a few minutes ago still count. */
const FROM = notBeforeOf(NOW);
const TO = new Date(NOW.getTime() + 14 * 86_400_000);

describe("a cinema's calendar feed", () => {
  it("has its scheduled shows of the next two weeks, in its time zone, and nothing later", async () => {
    const [cinema] = await database()
      .db.select({ id: cinemas.id, slug: cinemas.slug, name: cinemas.name, shows: count() })
      .from(showtimes)
      .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
      .where(gte(showtimes.startsAt, NOW))
      .groupBy(cinemas.id, cinemas.slug, cinemas.name)
      .orderBy(desc(count()), asc(cinemas.slug))
      .limit(1);
    const [template] = await database()
      .db.select()
      .from(showtimes)
      .where(eq(showtimes.cinemaId, cinema!.id))
      .limit(1);
    // One show beyond the fortnight and one cancelled: neither is in the feed.
    const { id: _id, ...copy } = template!;
    await database()
      .db.insert(showtimes)
      .values([
        { ...copy, sourceRef: "far", startsAt: new Date(NOW.getTime() + 20 * 86_400_000) },
        { ...copy, sourceRef: "off", startsAt: new Date(NOW.getTime() + 86_400_000), status: "cancelled" },
      ]);
    const [{ expected }] = (await database()
      .db.select({ expected: count() })
      .from(showtimes)
      .where(
        and(
          eq(showtimes.cinemaId, cinema!.id),
          eq(showtimes.status, "scheduled"),
          gte(showtimes.startsAt, FROM),
          lt(showtimes.startsAt, TO),
        ),
      )) as [{ expected: number }];

    const res = await app.request(`/cinemas/${cinema!.slug}/calendar.ics?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=900");
    const feed = events(await res.text());
    expect(feed.name).toBe(`${cinema!.name}: showtimes`);
    expect(feed.zones).toEqual(["Europe/Amsterdam"]);
    expect(feed.events.length).toBe(expected);
    expect(feed.events.length).toBeGreaterThan(0);
    for (const event of feed.events) {
      expect(event.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Amsterdam");
      const start = event.startDate.toJSDate().getTime();
      expect(start).toBeGreaterThanOrEqual(FROM.getTime());
      expect(start).toBeLessThan(TO.getTime());
      expect(event.endDate.toJSDate().getTime()).toBeGreaterThan(start);
      expect(event.location).toContain(cinema!.name);
    }
    // Stable UIDs, one per show.
    expect(new Set(feed.events.map((event) => event.uid)).size).toBe(expected);

    const cached = await app.request(`/cinemas/${cinema!.slug}/calendar.ics?lang=en`, {
      headers: { "If-None-Match": res.headers.get("etag")! },
    });
    expect(cached.status).toBe(304);
  });

  it("answers 404 for an unknown cinema", async () => {
    expect((await app.request("/cinemas/no-such-cinema/calendar.ics")).status).toBe(404);
  });
});

describe("a film's calendar feed in a city", () => {
  it("has the film's shows at that city's cinemas only", async () => {
    const [film] = await database()
      .db.select({ id: movies.id, slug: movies.slug, title: movies.title })
      .from(showtimes)
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
      .where(and(eq(cinemas.city, "Utrecht"), gte(showtimes.startsAt, NOW)))
      .groupBy(movies.id, movies.slug, movies.title)
      .orderBy(desc(count()), asc(movies.slug))
      .limit(1);
    const [{ expected }] = (await database()
      .db.select({ expected: count() })
      .from(showtimes)
      .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
      .where(
        and(
          eq(showtimes.movieId, film!.id),
          eq(cinemas.city, "Utrecht"),
          eq(showtimes.status, "scheduled"),
          gte(showtimes.startsAt, FROM),
          lt(showtimes.startsAt, TO),
        ),
      )) as [{ expected: number }];
    const res = await app.request(`/films/${film!.slug}/calendar.ics?city=Utrecht&lang=en`);
    expect(res.status).toBe(200);
    const feed = events(await res.text());
    expect(feed.name).toBe(`${film!.title} in Utrecht`);
    expect(feed.events.length).toBe(expected);
    expect(feed.events.length).toBeGreaterThan(0);
    for (const event of feed.events) expect(event.location).toContain("Utrecht");
  });

  it("answers 404 for an unknown film or city, never 500", async () => {
    const [film] = await database().db.select({ slug: movies.slug }).from(movies).limit(1);
    expect((await app.request("/films/no-such-film/calendar.ics?city=Utrecht")).status).toBe(404);
    expect((await app.request(`/films/${film!.slug}/calendar.ics?city=Atlantis`)).status).toBe(404);
    expect((await app.request(`/films/${film!.slug}/calendar.ics?city=${"x".repeat(500)}`)).status).toBe(404);
  });
});
