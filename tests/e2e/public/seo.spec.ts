// What search engines read: robots.txt, sitemap.xml, canonical and hreflang links on the public
// pages (with ?lang= serving the language it names), the listing's ScreeningEvent JSON-LD, and the film
// and cinema pages (in the sitemap, with their Movie / MovieTheater and ScreeningEvents).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

type HeadLinks = { canonical: string[]; alternates: Record<string, string> };

async function headLinks(page: Page): Promise<HeadLinks> {
  return page.evaluate(() => ({
    canonical: [...document.querySelectorAll('head link[rel="canonical"]')].map(
      (l) => l.getAttribute("href") ?? "",
    ),
    alternates: Object.fromEntries(
      [...document.querySelectorAll('head link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang") ?? "",
        l.getAttribute("href") ?? "",
      ]),
    ),
  }));
}

/** A URL's path and query, the origin aside (BASE_URL may name another host than the test's). */
const pathOf = (href: string) => {
  const url = new URL(href);
  return url.pathname + url.search;
};

function expectAlternates(links: HeadLinks, pagePath: string) {
  const join = pagePath.includes("?") ? "&" : "?";
  expect(Object.fromEntries(Object.entries(links.alternates).map(([lang, href]) => [lang, pathOf(href)]))).toEqual({
    en: `${pagePath}${join}lang=en`,
    nl: `${pagePath}${join}lang=nl`,
    "x-default": pagePath,
  });
}

test.describe("crawler files", () => {
  test("robots.txt allows the site, keeps out the studio and the API, and names the sitemap", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain\b/);
    const lines = (await res.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /studio", "Disallow: /api/"]));
    const sitemap = lines.find((line) => line.startsWith("Sitemap: "))?.slice("Sitemap: ".length) ?? "";
    expect(new URL(sitemap).pathname).toBe("/sitemap.xml");
  });

  test("sitemap.xml lists the home page, the cookie statement and the cities, in en and nl", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/xml\b/);
    expect(res.headers()["cache-control"]).toMatch(/\bpublic\b/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => pathOf(m[1]!.replaceAll("&amp;", "&")));
    expect(locs).toEqual(
      expect.arrayContaining(["/", "/?lang=nl", "/cookieverklaring", "/cookieverklaring?lang=en", "/?city=Paris"]),
    );
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="nl" href="[^"]*\/\?city=Paris&amp;lang=nl"\/>/);
  });
});

test.describe("canonical and hreflang links", () => {
  test("the home page is its own canonical, with en, nl and x-default alternates", async ({ page }) => {
    await page.goto("/");
    const links = await headLinks(page);
    expect(links.canonical.map(pathOf)).toEqual(["/"]);
    expectAlternates(links, "/");
    // The description follows the page's language (SPEC's Dutch text on the Dutch page).
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Find a film at the cinema/);
    await page.goto("/?lang=nl");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /bioscoop/);
  });

  test("a city page drops the day and filters from its canonical; ?lang=nl serves Dutch", async ({ page }) => {
    await page.goto("/?city=Paris");
    const links = await headLinks(page);
    expect(links.canonical.map(pathOf)).toEqual(["/?city=Paris"]);
    expectAlternates(links, "/?city=Paris");

    const date = new URL((await page.locator('a[aria-current="date"]').getAttribute("href")) ?? "", "http://x").searchParams.get("date");
    await page.goto(`/?city=paris&date=${date}&attr=3d&lang=nl`);
    expect((await headLinks(page)).canonical.map(pathOf)).toEqual(["/?city=Paris&lang=nl"]);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wat draait er in Paris");
  });

  test("the cookie statement has its canonical, alternates and a description", async ({ page }) => {
    await page.goto("/cookieverklaring?lang=en");
    const links = await headLinks(page);
    expect(links.canonical.map(pathOf)).toEqual(["/cookieverklaring?lang=en"]);
    expectAlternates(links, "/cookieverklaring");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  });
});

type Theater = { "@type": string; "@id": string; url: string; name: string; address: { addressLocality: string } };
type Film = { "@type": string; "@id": string; url: string; name: string };
type ScreeningEvent = {
  "@type": string;
  name: string;
  startDate: string;
  location: { "@id": string };
  workPresented: { "@id": string };
  offers?: { url?: string };
};
type GraphNode = Theater | Film | ScreeningEvent;

test("the listing's times are ScreeningEvents in JSON-LD", async ({ page }) => {
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  await page.goto("/?city=Paris");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const json = JSON.parse((await scripts.textContent()) ?? "") as { "@context": string; "@graph": GraphNode[] };
  expect(json["@context"]).toBe("https://schema.org");
  const events = json["@graph"].filter((node): node is ScreeningEvent => node["@type"] === "ScreeningEvent");
  expect(events.length).toBeGreaterThan(0);
  expect(events.length).toBeLessThanOrEqual(100);
  // Each film and cinema is described once, and the events name them by @id.
  const described = new Map(json["@graph"].filter((node) => "@id" in node).map((node) => [(node as Film)["@id"], node]));
  expect(described.size, "no film or cinema described twice").toBe(json["@graph"].length - events.length);
  const resolve = <T,>(ref: { "@id": string }) => {
    expect(described.has(ref["@id"]), `${ref["@id"]} is described`).toBe(true);
    return described.get(ref["@id"]) as T;
  };

  // The first chip of the first movie is the first event.
  const firstMovie = page.getByTestId("movie").first();
  const title = (await firstMovie.locator("h3").textContent())?.trim();
  const chip = firstMovie.getByTestId("time-chip").first();
  const startsAt = await chip.locator("time").getAttribute("datetime");
  const event = events[0]!;
  expect(event["@type"]).toBe("ScreeningEvent");
  expect(event.name).toBe(title);
  const film = resolve<Film>(event.workPresented);
  expect(film).toMatchObject({ "@type": "Movie", name: title });
  const filmHref = (await firstMovie.locator("h3 a").getAttribute("href")) ?? "";
  expect(filmHref.split("?")[0], "the film's @id is its page").toBe(new URL(film.url).pathname);
  expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  expect(new Date(event.startDate).toISOString()).toBe(startsAt);
  const theater = resolve<Theater>(event.location);
  expect(theater["@type"]).toBe("MovieTheater");
  expect(theater.address.addressLocality).toBe("Paris");
  expect(await firstMovie.getByTestId("cinema").first().locator("h4").textContent()).toContain(theater.name);
  for (const other of events) {
    resolve(other.location);
    resolve(other.workPresented);
  }
  // A time without a booking link (a span, no href) has no offer URL either.
  expect(event.offers?.url ?? null).toBe(await chip.getAttribute("href"));
  expect(hydrationErrors, "the JSON-LD renders the same on the server and in the browser").toEqual([]);
});

test.describe("film and cinema pages", () => {
  /** The first film and cinema pages the sitemap names (the busiest ones). */
  async function sitemapPages(request: APIRequestContext) {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => pathOf(m[1]!.replaceAll("&amp;", "&")));
    return {
      film: locs.find((loc) => /^\/films\/[a-z0-9-]+$/.test(loc)) ?? "",
      cinema: locs.find((loc) => /^\/cinemas\/[a-z0-9-]+$/.test(loc)) ?? "",
      locs,
    };
  }

  test("the sitemap lists them in en and nl", async ({ request }) => {
    const { film, cinema, locs } = await sitemapPages(request);
    expect(film).not.toBe("");
    expect(cinema).not.toBe("");
    expect(locs).toEqual(expect.arrayContaining([film, `${film}?lang=nl`, cinema, `${cinema}?lang=en`]));
  });

  test("a film page: canonical, alternates, a description in its language, a Movie with its ScreeningEvents", async ({
    page,
    request,
  }) => {
    const { film } = await sitemapPages(request);
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await page.goto(film);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const links = await headLinks(page);
    expect(links.canonical.map(pathOf)).toEqual([film]);
    expectAlternates(links, film);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Showtimes of .+ in /);
    const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "")[
      "@graph"
    ] as { "@type": string; "@id"?: string; workPresented?: { "@id": string }; startDate?: string }[];
    const movie = graph.find((node) => node["@type"] === "Movie");
    expect(movie?.["@id"]).toMatch(new RegExp(`${film}#film$`));
    const events = graph.filter((node) => node["@type"] === "ScreeningEvent");
    expect(events.length).toBe(await page.getByTestId("time-chip").count());
    for (const event of events) expect(event.workPresented).toEqual({ "@id": movie!["@id"] });
    expect(hydrationErrors, "the JSON-LD renders the same on the server and in the browser").toEqual([]);

    await page.goto(`${film}?lang=nl`);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Filmtijden van .+ in /);
  });

  test("a cinema page: canonical, alternates and a MovieTheater", async ({ page, request }) => {
    const { cinema } = await sitemapPages(request);
    await page.goto(cinema);
    const links = await headLinks(page);
    expect(links.canonical.map(pathOf)).toEqual([cinema]);
    expectAlternates(links, cinema);
    const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "")[
      "@graph"
    ] as { "@type": string; name?: string }[];
    expect(graph[0]).toMatchObject({
      "@type": "MovieTheater",
      name: (await page.getByRole("heading", { level: 1 }).textContent())?.trim(),
    });
  });

  test("an unknown film or cinema is a 404", async ({ page }) => {
    expect((await page.goto("/films/no-such-film"))?.status()).toBe(404);
    await expect(page.getByText("Page not found: /films/no-such-film")).toBeVisible();
    expect((await page.goto("/cinemas/no-such-cinema"))?.status()).toBe(404);
  });
});
