// /films/{slug} through the real app (app.request, the production build) on the small demo catalogue:
// the film, its showtimes near the place by day and cinema, tonight, the 404s, SEO and the page cache.
import { and, asc, count, desc, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateApiData } from "../../../core/cache/invalidate-api-data.ts";
import { assets, assetVariants } from "../../../db/schema/assets.ts";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { createTestApp, seedSmallDemo } from "../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../tests/helpers/test-db.ts";

const NOW = new Date("2026-11-22T11:00:00Z"); // noon in Amsterdam
const database = freshTestDatabase();
let app: Awaited<ReturnType<typeof createTestApp>>["app"];
let services: Awaited<ReturnType<typeof createTestApp>>["services"];
let close: () => Promise<void>;
/** the film with the most showtimes in Amsterdam today */
const film = { slug: "", title: "" };

type JsonLdNode = Record<string, unknown> & { "@type": string };

function jsonLd(html: string): JsonLdNode[] {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  if (!match) return [];
  return (JSON.parse(match[1]!) as { "@graph": JsonLdNode[] })["@graph"];
}

/** The time chips' start instants and availability, as rendered. */
function chips(html: string) {
  return [...html.matchAll(/<(a|span) [^>]*class="time-chip"[^>]*>.*?<time dateTime="([^"]+)"/g)].map(
    (m) => ({
      tag: m[1],
      startsAt: m[2]!,
    }),
  );
}

beforeAll(async () => {
  await seedSmallDemo(database(), NOW);
  ({ app, services, close } = await createTestApp(database(), { now: () => NOW }));
  const { db } = database();
  const [top] = await db
    .select({ slug: movies.slug, title: movies.title, shows: count() })
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
  await db
    .update(movies)
    .set({
      synopsis: { en: "A test synopsis in English.", nl: "Een testsynopsis in het Nederlands." },
      certification: { NL: "12", FR: "TP" },
      trailerUrl: "https://www.youtube.com/watch?v=test",
      genres: ["science-fiction", "adventure"],
    })
    .where(eq(movies.slug, film.slug));
});

afterAll(async () => {
  await close();
});

describe("a film's page", () => {
  it("shows the film and today's showtimes by cinema in Amsterdam, each chip a booking link or sold out", async () => {
    const res = await app.request(`/films/${film.slug}?lang=en`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${escapeHtml(film.title)} · showtimes in Amsterdam · Reeltime</title>`);
    expect(html).toContain(`>${escapeHtml(film.title)}</h1>`);
    expect(html).toContain("Showtimes in Amsterdam");
    // the stand-in poster (no poster asset), the synopsis, genres, age rating per country, the trailer
    expect(html).toContain('data-testid="poster-fallback"');
    expect(html).toContain("A test synopsis in English.");
    expect(html).toContain("Science fiction, Adventure");
    expect(html).toContain("Netherlands: 12");
    expect(html).toContain("France: TP");
    expect(html).toContain("Age rating 12");
    expect(html).toContain(
      'href="https://www.youtube.com/watch?v=test" target="_blank" rel="noopener noreferrer"',
    );
    // cinemas link to their pages; every time is today's, from a quarter of an hour ago on
    expect(html).toMatch(/<a class="page-link" href="\/cinemas\/[a-z0-9-]+"/);
    const times = chips(html);
    expect(times.length).toBeGreaterThan(0);
    for (const chip of times) {
      expect(new Date(chip.startsAt).getTime()).toBeGreaterThan(NOW.getTime() - 16 * 60_000);
      expect(new Date(chip.startsAt).getTime()).toBeLessThan(new Date("2026-11-23T02:00:00Z").getTime());
    }
    expect(html.length).toBeLessThan(100_000);
  });

  it("is in Dutch for a Dutch reader: title, genres, ratings and synopsis", async () => {
    const html = await (await app.request(`/films/${film.slug}?lang=nl`)).text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain("filmtijden in Amsterdam · Reeltime</title>");
    expect(html).toMatch(/<meta name="description" content="Filmtijden van [^"]+ in Amsterdam/);
    expect(html).toContain("Sciencefiction, Avontuur");
    expect(html).toContain("Nederland: 12");
    expect(html).toContain("Een testsynopsis in het Nederlands.");
    expect(html).toContain("Filmtijden in Amsterdam");
  });

  it("describes the film as a schema.org Movie and its times as ScreeningEvents naming it", async () => {
    const html = await (await app.request(`/films/${film.slug}?lang=en`)).text();
    const graph = jsonLd(html);
    const movie = graph.find((node) => node["@type"] === "Movie");
    expect(movie).toMatchObject({
      "@id": `http://localhost:3000/films/${film.slug}#film`,
      name: film.title,
      description: "A test synopsis in English.",
      contentRating: "12",
      genre: ["Science fiction", "Adventure"],
    });
    const events = graph.filter((node) => node["@type"] === "ScreeningEvent");
    expect(events).toHaveLength(chips(html).length);
    const theaters = new Set(graph.filter((n) => n["@type"] === "MovieTheater").map((n) => n["@id"]));
    for (const event of events) {
      expect(event.workPresented).toEqual({ "@id": movie!["@id"] });
      expect(theaters.has((event.location as { "@id": string })["@id"])).toBe(true);
    }
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/films/${film.slug}?lang=en"/>`);
  });

  it("shows tonight: today's shows from 18:00, after midnight included, the pick marked current", async () => {
    const html = await (await app.request(`/films/${film.slug}?date=tonight&lang=en`)).text();
    expect(html).toMatch(/<a [^>]*aria-current="date"[^>]*><span class="font-semibold">Tonight<\/span>/);
    expect(html).toContain("Tonight, Sunday, November 22");
    const times = chips(html);
    expect(times.length).toBeGreaterThan(0);
    for (const chip of times) {
      expect(new Date(chip.startsAt).getTime()).toBeGreaterThanOrEqual(
        new Date("2026-11-22T17:00:00Z").getTime(),
      );
    }
  });

  it("offers the days that have showtimes, each a plain link to that day", async () => {
    const html = await (await app.request(`/films/${film.slug}?lang=en`)).text();
    expect(html).toMatch(/<a [^>]*aria-current="date"[^>]*><span class="font-semibold">Today<\/span>/);
    expect(html).toContain(`href="/films/${film.slug}?date=2026-11-23"`);
    const tomorrow = await (await app.request(`/films/${film.slug}?date=2026-11-23&lang=en`)).text();
    const times = chips(tomorrow);
    expect(times.length).toBeGreaterThan(0);
    for (const chip of times) {
      const at = new Date(chip.startsAt).getTime();
      expect(at).toBeGreaterThanOrEqual(new Date("2026-11-23T02:00:00Z").getTime());
      expect(at).toBeLessThan(new Date("2026-11-24T02:00:00Z").getTime());
    }
  });

  it("at a place where the film does not play, says so and links to where it does", async () => {
    const { db } = database();
    await db.insert(cinemas).values({
      name: "Filmhuis Nergenshuizen",
      slug: "filmhuis-nergenshuizen",
      city: "Nergenshuizen",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
    });
    const html = await (await app.request(`/films/${film.slug}?city=Nergenshuizen&lang=en`)).text();
    expect(html).toContain(`is not showing in Nergenshuizen in the next two weeks.`);
    expect(html).toMatch(new RegExp(`<a [^>]*href="/films/${film.slug}"[^>]*>Amsterdam</a>`));
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/films/${film.slug}?city=Nergenshuizen&amp;lang=en"/>`,
    );
    const unknown = await (await app.request(`/films/${film.slug}?city=Atlantis&lang=en`)).text();
    expect(unknown).toContain("We don&#x27;t know any cinemas in “Atlantis”.");
    expect(unknown).toContain('<meta name="robots" content="noindex"/>');
  });

  it("near me names the area, and a misspelt city shows the city it means and says so", async () => {
    const near = await (await app.request(`/films/${film.slug}?near=52.3731,4.8922&lang=en`)).text();
    expect(near).toContain("Showtimes in your area");
    expect(chips(near).length).toBeGreaterThan(0);
    expect(near).toContain(`<link rel="canonical" href="http://localhost:3000/films/${film.slug}?lang=en"/>`);
    const misspelt = await (await app.request(`/films/${film.slug}?city=Amsterdm&lang=en`)).text();
    expect(misspelt).toContain("Showtimes in Amsterdam");
    expect(misspelt).toContain("Showing results for Amsterdam (you searched for “Amsterdm”).");
  });

  it("shows the poster's thumbnail when the film has one", async () => {
    const { db } = database();
    const [asset] = await db
      .insert(assets)
      .values({
        kind: "poster",
        fileName: "poster.jpg",
        mimeType: "image/jpeg",
        bytes: 3,
        width: 1000,
        height: 1500,
        storageKey: "c".repeat(64),
        checksum: "c".repeat(64),
      })
      .returning();
    await db.insert(assetVariants).values({
      assetId: asset!.id,
      variant: "thumbnail",
      mimeType: "image/webp",
      byteSize: 3,
      width: 213,
      height: 320,
      contentHash: "d".repeat(64),
      content: Buffer.from("abc"),
    });
    await db.update(movies).set({ posterAssetId: asset!.id }).where(eq(movies.slug, film.slug));
    await invalidateApiData(services);
    const html = await (await app.request(`/films/${film.slug}?lang=en&poster=1`)).text();
    expect(html).toContain(`<img src="/media/${"d".repeat(64)}.webp" width="213" height="320" alt=""`);
    expect(html).not.toContain('data-testid="poster-fallback"');
    const movie = jsonLd(html).find((node) => node["@type"] === "Movie");
    expect(movie?.image).toBe(`http://localhost:3000/media/${"d".repeat(64)}.webp`);
    await db.update(movies).set({ posterAssetId: null }).where(eq(movies.slug, film.slug));
  });

  it("answers 404 for an unknown or hidden film and sends a merged one to the film that took it over", async () => {
    const unknown = await app.request("/films/no-such-film");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page not found: /films/no-such-film");
    const { db } = database();
    const [hidden] = await db
      .insert(movies)
      .values({ title: "Hidden", slug: "hidden-film", status: "hidden" })
      .returning();
    expect((await app.request("/films/hidden-film")).status).toBe(404);
    await db
      .insert(movies)
      .values({ title: "Old", slug: "old-film", status: "merged", mergedIntoId: hidden!.id });
    expect((await app.request("/films/old-film")).status).toBe(404); // merged into a hidden film
    const [target] = await db.select({ id: movies.id }).from(movies).where(eq(movies.slug, film.slug));
    await db.update(movies).set({ mergedIntoId: target!.id }).where(eq(movies.slug, "old-film"));
    const moved = await app.request("/films/old-film?city=Utrecht");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/films/${film.slug}?city=Utrecht`);
  });

  it("is served from the page cache until the showtimes change", async () => {
    const path = `/films/${film.slug}?lang=en&cache=1`;
    expect((await app.request(path)).headers.get("x-page-cache")).toBe("miss");
    expect((await app.request(path)).headers.get("x-page-cache")).toBe("hit");
    await invalidateApiData(services);
    expect((await app.request(path)).headers.get("x-page-cache")).toBe("miss");
  });
});

function escapeHtml(text: string) {
  return text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
}
