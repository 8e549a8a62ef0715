// "/" searches by film as well as by city (?film=), and links each film title and cinema name to its
// page; the sitemap lists those pages. Through the real app on the small demo catalogue.
import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";

const NOW = new Date("2026-11-22T11:00:00Z"); // noon in Amsterdam
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let close: () => Promise<void>;
const film = { slug: "", title: "" };

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, close } = await createTestApp(database(), { now: () => NOW }));
  const [top] = await database()
    .db.select({ slug: movies.slug, title: movies.title, shows: count() })
    .from(showtimes)
    .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .where(
      and(
        eq(cinemas.city, "Amsterdam"),
        gte(showtimes.startsAt, new Date("2026-11-22T12:00:00Z")),
        lt(showtimes.startsAt, new Date("2026-11-23T02:00:00Z")),
      ),
    )
    .groupBy(movies.slug, movies.title)
    .orderBy(desc(count()), asc(movies.slug))
    .limit(1);
  Object.assign(film, { slug: top!.slug, title: top!.title });
});

afterAll(async () => {
  await close();
});

describe("finding a film from the home page", () => {
  it("opens the film's page for the typed title, keeping the city and day of the form", async () => {
    const exact = await app.request(`/?${new URLSearchParams({ film: film.title.toUpperCase() })}`);
    expect(exact.status).toBe(302);
    expect(exact.headers.get("location")).toBe(`/films/${film.slug}`);
    const elsewhere = await app.request(
      `/?${new URLSearchParams({ city: "Utrecht", date: "2026-11-23", film: film.title })}`,
    );
    expect(elsewhere.headers.get("location")).toBe(`/films/${film.slug}?city=Utrecht&date=2026-11-23`);
    // the defaults (Amsterdam, today) stay out of the film page's address
    const defaults = await app.request(
      `/?${new URLSearchParams({ city: "amsterdam", date: "2026-11-22", film: film.title })}`,
    );
    expect(defaults.headers.get("location")).toBe(`/films/${film.slug}`);
  });

  it("says so when no film matches, and keeps showing the listing", async () => {
    const res = await app.request("/?film=zzqqxx&lang=en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("We found no film called “zzqqxx”.");
    expect(html).toContain('data-testid="listing"');
    expect(html).toContain('value="zzqqxx"');
  });

  it("lists the films a vague text may mean, each linking to its page", async () => {
    const res = await app.request("/?film=the&lang=en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Films matching “the”:");
    expect(html).toMatch(/data-testid="film-matches"[\s\S]*<a [^>]*href="\/films\/[a-z0-9-]+"/);
  });
});

describe("the home page's links", () => {
  it("links each film title and cinema name to its page, with the place and day of the listing", async () => {
    const html = await (await app.request("/?lang=en")).text();
    expect(html).toContain(`<a class="page-link" href="/films/${film.slug}"`);
    expect(html).toMatch(/<a class="page-link" href="\/cinemas\/[a-z0-9-]+"/);
    const utrecht = await (await app.request("/?city=Utrecht&date=2026-11-23&lang=en")).text();
    expect(utrecht).toMatch(
      /<a class="page-link" href="\/films\/[a-z0-9-]+\?city=Utrecht&amp;date=2026-11-23"/,
    );
    expect(utrecht).toMatch(/<a class="page-link" href="\/cinemas\/[a-z0-9-]+\?date=2026-11-23"/);
  });
});

describe("the sitemap", () => {
  it("lists the film and cinema pages that have showtimes coming, with their language versions", async () => {
    const xml = await (await app.request("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>http://localhost:3000/films/${film.slug}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/films/${film.slug}?lang=nl</loc>`);
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/cinemas\/[a-z0-9-]+<\/loc>/);
    expect(xml).toContain("<loc>http://localhost:3000/?city=Utrecht</loc>");
  });
});
