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

/** The search's notice box in a home page's HTML. */
function matchesBox(html: string): string {
  const start = html.indexOf('data-testid="film-matches"');
  expect(start).toBeGreaterThan(-1);
  const open = html.lastIndexOf("<div", start);
  return html.slice(open, html.indexOf("</div>", start) + 6);
}

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

  it("says neutrally when nothing matches, and keeps showing the listing", async () => {
    const res = await app.request("/?film=zzqqxx&lang=en");
    expect(res.status).toBe(200);
    const html = await res.text();
    const box = matchesBox(html);
    expect(box).toContain("Nothing found for “zzqqxx”.");
    expect(box).toContain("Check the spelling");
    // informative, not a success: no primary (green) colours
    expect(box).not.toMatch(/primary-(50|200|900|950)/);
    expect(html).toContain('data-testid="listing"');
    expect(html).toContain('value="zzqqxx"');
  });

  it("offers the nearest titles when nothing matches", async () => {
    const box = matchesBox(await (await app.request("/?film=Wickedness%20Forever&lang=en")).text());
    expect(box).toContain("Nothing found for “Wickedness Forever”.");
    expect(box).toContain("Did you mean:");
    expect(box).toMatch(/<a [^>]*href="\/films\/wicked"[^>]*>Wicked<\/a>/);
  });

  it("forgives two swapped letters and a missing one", async () => {
    for (const typed of ["Wicekd", "wicked"]) {
      const res = await app.request(`/?${new URLSearchParams({ film: typed, lang: "en" })}`);
      if (res.status === 302) expect(res.headers.get("location")).toBe("/films/wicked");
      else expect(matchesBox(await res.text())).toMatch(/<a [^>]*href="\/films\/wicked"[^>]*>Wicked<\/a>/);
    }
    const robot = await app.request("/?film=wild%20robt");
    expect(robot.headers.get("location")).toBe("/films/the-wild-robot");
  });

  it("lists cinemas a text may mean as links (the results page without JavaScript)", async () => {
    const res = await app.request("/?film=Pahte&lang=en&date=2026-11-23");
    expect(res.status).toBe(200);
    const box = matchesBox(await res.text());
    expect(box).toContain("Cinemas matching “Pahte”:");
    expect(box).toMatch(
      /<a [^>]*href="\/cinemas\/pathe-tuschinski\?date=2026-11-23"[^>]*>Pathé Tuschinski<\/a>/,
    );
  });

  it("opens a cinema's page for its name, typos forgiven when only one cinema is meant", async () => {
    const exact = await app.request("/?film=Pathé%20Tuschinski");
    expect(exact.status).toBe(302);
    expect(exact.headers.get("location")).toBe("/cinemas/pathe-tuschinski");
    const typo = await app.request("/?film=tuschinksi&date=2026-11-23");
    expect(typo.headers.get("location")).toBe("/cinemas/pathe-tuschinski?date=2026-11-23");
  });

  it("lists the films a vague text may mean, each linking to its page", async () => {
    const res = await app.request("/?film=the&lang=en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Films matching “the”:");
    expect(html).toMatch(/data-testid="film-matches"[\s\S]*<a [^>]*href="\/films\/[a-z0-9-]+"/);
  });
});

describe("the search's suggestions while typing (/search/suggest)", () => {
  it("answers films then cinemas, with the page each opens, cached briefly", async () => {
    const res = await app.request("/search/suggest?q=Wicekd&city=Utrecht&lang=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as {
      query: string;
      suggestions: { kind: string; label: string; path: string }[];
    };
    expect(body.query).toBe("Wicekd");
    expect(body.suggestions[0]).toEqual({
      kind: "film",
      label: "Wicked",
      detail: "2024",
      path: "/films/wicked?city=Utrecht",
    });
    const cinemas = (await (await app.request("/search/suggest?q=tuschinksi")).json()) as typeof body;
    expect(cinemas.suggestions).toEqual([
      { kind: "cinema", label: "Pathé Tuschinski", detail: "Amsterdam", path: "/cinemas/pathe-tuschinski" },
    ]);
  });

  it("suggests nothing for one letter or gibberish", async () => {
    for (const q of ["w", "zqxwvzz"]) {
      const res = await app.request(`/search/suggest?q=${q}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { suggestions: unknown[] }).suggestions).toEqual([]);
    }
  });

  it("refuses malformed requests with 400 and a message", async () => {
    const cases: [string, RegExp][] = [
      ["/search/suggest", /q/],
      ["/search/suggest?q=%20%20", /q/],
      [`/search/suggest?q=${"x".repeat(101)}`, /at most 100/],
      ["/search/suggest?q=ab%00c", /control/],
      ["/search/suggest?q=dune&date=tomorrow", /date/],
      ["/search/suggest?q=dune&near=north", /near/],
    ];
    for (const [path, message] of cases) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe("invalid-request");
      expect(body.message).toMatch(message);
    }
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
