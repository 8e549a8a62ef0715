// What search engines read: robots.txt, sitemap.xml, canonical and hreflang links on the public
// pages (with ?lang= serving the language it names), and the listing's ScreeningEvent JSON-LD.
import { expect, test, type Page } from "@playwright/test";

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

type ScreeningEvent = {
  "@type": string;
  name: string;
  startDate: string;
  location: { "@type": string; name: string; address: { addressLocality: string } };
  workPresented: { "@type": string; name: string };
  offers?: { url?: string };
};

test("the listing's times are ScreeningEvents in JSON-LD", async ({ page }) => {
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  await page.goto("/?city=Paris");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const json = JSON.parse((await scripts.textContent()) ?? "") as { "@context": string; "@graph": ScreeningEvent[] };
  expect(json["@context"]).toBe("https://schema.org");
  const events = json["@graph"];
  expect(events.length).toBeGreaterThan(0);
  expect(events.length).toBeLessThanOrEqual(100);

  // The first chip of the first movie is the first event.
  const firstMovie = page.getByTestId("movie").first();
  const title = (await firstMovie.locator("h3").textContent())?.trim();
  const chip = firstMovie.getByTestId("time-chip").first();
  const startsAt = await chip.locator("time").getAttribute("datetime");
  const event = events[0]!;
  expect(event["@type"]).toBe("ScreeningEvent");
  expect(event.name).toBe(title);
  expect(event.workPresented).toMatchObject({ "@type": "Movie", name: title });
  expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  expect(new Date(event.startDate).toISOString()).toBe(startsAt);
  expect(event.location["@type"]).toBe("MovieTheater");
  expect(event.location.address.addressLocality).toBe("Paris");
  expect(await firstMovie.getByTestId("cinema").first().locator("h4").textContent()).toContain(event.location.name);
  // A time without a booking link (a span, no href) has no offer URL either.
  expect(event.offers?.url ?? null).toBe(await chip.getAttribute("href"));
  expect(hydrationErrors, "the JSON-LD renders the same on the server and in the browser").toEqual([]);
});
