// /shows/{id} and /shows/{id}/calendar.ics through the real app (app.request, the production build) on the
// small demo catalogue: the page's facts, booking or box office, the .ics read back by ical.js (the cinema's
// TZID, the end time), the Google link, and 404 (never 500) for unknown, malformed, cancelled and ended shows.
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";

const NOW = new Date("2026-11-22T11:00:00Z");
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let close: () => Promise<void>;
const show = { id: "", startsAt: new Date(0), runtime: 0, film: "", cinema: "" };

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, close } = await createTestApp(database(), { now: () => NOW }));
  const [row] = await database()
    .db.select({
      id: showtimes.id,
      startsAt: showtimes.startsAt,
      runtime: movies.runtimeMinutes,
      film: movies.title,
      cinema: cinemas.name,
    })
    .from(showtimes)
    .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .where(
      and(
        eq(cinemas.city, "Amsterdam"),
        gte(showtimes.startsAt, new Date("2026-11-22T18:00:00Z")),
        isNotNull(movies.runtimeMinutes),
      ),
    )
    .orderBy(asc(showtimes.startsAt), asc(showtimes.id))
    .limit(1);
  Object.assign(show, { ...row!, runtime: row!.runtime! });
  // The feed gave neither an end nor a feature start, nor a booking link for this show.
  await database()
    .db.update(showtimes)
    .set({
      endsAt: null,
      featureStartsAt: null,
      bookingUrl: "https://tickets.example/s/1",
      priceMin: 1250,
      currency: "EUR",
    })
    .where(eq(showtimes.id, show.id));
});

afterAll(async () => {
  await close();
});

const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("a show's page", () => {
  it("says what, where, when until when, the price, and links to booking and the calendar", async () => {
    const res = await app.request(`/shows/${show.id}?lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(escaped(show.film));
    expect(html).toContain(escaped(show.cinema));
    expect(html).toContain("Sunday, November 22, 2026");
    expect(html).toContain("€12.50");
    expect(html).toContain(`Book at ${escaped(show.cinema)}`);
    expect(html).toContain('href="https://tickets.example/s/1?utm_source=reeltime&amp;utm_medium=website"');
    expect(html).toContain(`href="/shows/${show.id}/calendar.ics"`);
    expect(html).toContain("20 minutes of trailers and advertising");
    const google = /href="(https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+)"/.exec(html)![1]!;
    const params = new URL(google.replaceAll("&amp;", "&")).searchParams;
    const end = new Date(show.startsAt.getTime() + (20 + show.runtime) * 60_000);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}Z$/, "Z");
    expect(params.get("dates")).toBe(`${utc(show.startsAt)}/${utc(end)}`);
    expect(params.get("ctz")).toBe("Europe/Amsterdam");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("says tickets are at the box office when the show has no booking link", async () => {
    const [other] = await database()
      .db.select({ id: showtimes.id, cinemaId: showtimes.cinemaId })
      .from(showtimes)
      .where(and(gte(showtimes.startsAt, new Date("2026-11-23T12:00:00Z"))))
      .orderBy(asc(showtimes.startsAt))
      .limit(1);
    await database().db.update(showtimes).set({ bookingUrl: null }).where(eq(showtimes.id, other!.id));
    await database()
      .db.update(cinemas)
      .set({ website: null, bookingUrlTemplate: null })
      .where(eq(cinemas.id, other!.cinemaId));
    const html = await (await app.request(`/shows/${other!.id}?lang=nl`)).text();
    expect(html).toContain("Kaartjes aan de kassa");
    expect(html).not.toContain("Boek bij");
  });

  it("answers 404, never 500, for unknown, malformed, cancelled and ended shows", async () => {
    const [past] = await database()
      .db.select({ id: showtimes.id })
      .from(showtimes)
      .where(gte(showtimes.startsAt, new Date("2026-11-21T00:00:00Z")))
      .orderBy(asc(showtimes.startsAt))
      .limit(1);
    await database()
      .db.update(showtimes)
      .set({ startsAt: new Date("2026-11-21T18:00:00Z"), endsAt: new Date("2026-11-21T20:00:00Z") })
      .where(eq(showtimes.id, past!.id));
    const [cancelled] = await database()
      .db.update(showtimes)
      .set({ status: "cancelled" })
      .where(eq(showtimes.startsAt, new Date(show.startsAt.getTime() + 86_400_000 * 2)))
      .returning({ id: showtimes.id });
    const ids = [
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
      "%27%3B--",
      past!.id,
      ...(cancelled ? [cancelled.id] : []),
    ];
    for (const id of ids) {
      const page = await app.request(`/shows/${id}`);
      expect(page.status, id).toBe(404);
      expect((await app.request(`/shows/${id}/calendar.ics`)).status, id).toBe(404);
    }
  });
});

describe("the show's .ics file", () => {
  it("parses with ical.js, in the cinema's time zone, ending after runtime plus the stated margin", async () => {
    const res = await app.request(`/shows/${show.id}/calendar.ics?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="show-${show.id}.ics"`);
    const text = await res.text();
    const root = new ICAL.Component(ICAL.parse(text));
    for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(root.getFirstSubcomponent("vevent")!);
    expect(event.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Amsterdam");
    expect(event.startDate.toJSDate().getTime()).toBe(show.startsAt.getTime());
    expect(event.endDate.toJSDate().getTime()).toBe(show.startsAt.getTime() + (20 + show.runtime) * 60_000);
    expect(event.summary).toBe(show.film);
    expect(event.location).toContain(show.cinema);
    expect(event.description).toContain("20 minutes of trailers");
    expect(event.uid).toBe(`show-${show.id}@localhost:3000`);
    expect(event.component.getFirstPropertyValue("url")).toBe(
      "https://tickets.example/s/1?utm_source=reeltime&utm_medium=website",
    );

    // The feed's own end wins; the same ETag answers 304.
    const feedEnd = new Date(show.startsAt.getTime() + 150 * 60_000);
    await database().db.update(showtimes).set({ endsAt: feedEnd }).where(eq(showtimes.id, show.id));
    const again = await app.request(`/shows/${show.id}/calendar.ics?lang=en`);
    const reread = new ICAL.Component(ICAL.parse(await again.text()));
    expect(new ICAL.Event(reread.getFirstSubcomponent("vevent")!).endDate.toJSDate().getTime()).toBe(
      feedEnd.getTime(),
    );
    const etag = again.headers.get("etag")!;
    const cached = await app.request(`/shows/${show.id}/calendar.ics?lang=en`, {
      headers: { "If-None-Match": etag },
    });
    expect(cached.status).toBe(304);
  });
});
