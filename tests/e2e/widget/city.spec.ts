// The widget embedded for a city (issue 25 point 5) on a client's page from another origin, served with a
// strict Content-Security-Policy (scripts, styles, images and requests from Reeltime's origin only, nothing
// inline): each movie's times stand under the name of their cinema, so that every time says where it
// plays; attributes carry their catalogue names in the widget's language ("Dutch subtitles", not
// "NL-SUBS"); the clock is the locale's (an en-GB browser reads 13:05, an en-US one 1:05 PM); a show is
// marked as the API's booking flag says (online, at the box office, sold out). Screenshots are attached.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoApiKey } from "../studio/support.ts";
import {
  amsterdamTomorrow,
  type ApiShowtime,
  type HostSite,
  hostDocument,
  listShowtimes,
  reeltimeOrigin,
  startHostSite,
  widgetSnippet,
} from "./host-page.ts";

const date = amsterdamTomorrow();
let site: HostSite;
let english: ApiShowtime[];
let dutch: ApiShowtime[];
let paris: ApiShowtime[];

test.beforeAll(async () => {
  const origin = reeltimeOrigin();
  const csp = [
    "default-src 'none'",
    `script-src ${origin}`,
    `style-src ${origin}`,
    `img-src ${origin}`,
    `connect-src ${origin}`,
  ].join("; ");
  site = await startHostSite();
  const page = (locale?: string, city = "Amsterdam") =>
    hostDocument({
      title: `${city} film guide`,
      body: `<p>What's on in ${city}.</p>\n${widgetSnippet({
        key: demoApiKey("publishable"),
        city,
        date,
        locale,
        theme: "light",
      })}`,
    });
  site.setPage("/", page(), { "Content-Security-Policy": csp });
  site.setPage("/nl", page("nl"), { "Content-Security-Policy": csp });
  site.setPage("/paris", page(undefined, "Paris"), { "Content-Security-Policy": csp });
  english = await listShowtimes(`city=amsterdam&from=${date}&to=${date}`);
  dutch = await listShowtimes(`city=amsterdam&from=${date}&to=${date}&locale=nl`);
  paris = await listShowtimes(`city=paris&from=${date}&to=${date}`);
});

test.afterAll(async () => {
  await site?.close();
});

/** A visitor in `locale`, in Amsterdam's time zone, whose page records every CSP violation. */
async function visit(context: BrowserContext, path: string) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, "__violations", { value: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  await page.goto(site.url(path));
  expect(new URL(page.url()).origin).not.toBe(reeltimeOrigin());
  return page;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const chips = (page: Page) => page.locator("[data-reeltime] .rt-chip");

/** The badges a day's shows carry (up to three a chip), by their names, sorted. */
const expectedBadges = (rows: ApiShowtime[]) =>
  rows.flatMap((row) => row.attributes.slice(0, 3).map((code) => row.attribute_names[code] ?? code)).sort();

/** What the booking flag makes of each show: online, at the box office, or sold out. */
function bookingCounts(rows: ApiShowtime[]) {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const kind =
      row.availability === "sold-out"
        ? "sold-out"
        : !row.bookable
          ? "box-office"
          : row.booking_url_kind === "cinema"
            ? "site"
            : "show";
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** Every chip stands under a cinema's name, and names that cinema; the names are the day's cinemas. */
async function expectEveryTimeUnderItsCinema(page: Page, rows: ApiShowtime[]) {
  await expect(chips(page)).toHaveCount(rows.length);
  const groups = await page.locator("[data-reeltime] .rt-cinema").evaluateAll((all) =>
    all.map((group) => ({
      name: group.querySelector(".rt-cinema-name")?.textContent ?? "",
      labels: [...group.querySelectorAll(".rt-chip")].map((chip) => chip.getAttribute("aria-label") ?? ""),
    })),
  );
  expect(groups.reduce((sum, group) => sum + group.labels.length, 0)).toBe(rows.length);
  for (const group of groups) {
    expect(group.name).not.toBe("");
    for (const label of group.labels) expect(label).toContain(`, ${group.name}, `);
  }
  expect(new Set(groups.map((group) => group.name))).toEqual(new Set(rows.map((row) => row.cinema.name)));
  expect(new Set(rows.map((row) => row.cinema.id)).size).toBeGreaterThan(1);
}

test("for Amsterdam under a strict CSP: every time under its cinema's name, attributes by name, 24-hour clock of an en-GB visitor", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Europe/Amsterdam" });
  try {
    const page = await visit(context, "/");
    await expectEveryTimeUnderItsCinema(page, english);

    // Attribute names, not codes: e.g. "Dutch subtitles" where the feed said nl-subs.
    const badges = await page.locator("[data-reeltime] .rt-badge").allTextContents();
    expect(badges.sort()).toEqual(expectedBadges(english));
    const renamed = english.flatMap((row) =>
      row.attributes.filter((code) => row.attribute_names[code] !== code.toUpperCase()),
    );
    expect(renamed.length, "the day has attributes whose name is not their code").toBeGreaterThan(0);
    for (const code of renamed) expect(badges).not.toContain(code.toUpperCase());

    // The clock of the visitor's English: 24 hours.
    for (const time of await page.locator("[data-reeltime] .rt-time").allTextContents())
      expect(time).toMatch(/^\d{2}:\d{2}$/);

    // Each show as its booking flag says: online, at the box office (said in words), or sold out.
    const shown = await chips(page).evaluateAll((all) =>
      all.map((chip) => chip.getAttribute("data-booking")),
    );
    const counts: Record<string, number> = {};
    for (const kind of shown) counts[kind ?? ""] = (counts[kind ?? ""] ?? 0) + 1;
    expect(counts).toEqual(bookingCounts(english));
    await expect(page.locator('[data-reeltime] .rt-chip[data-booking="box-office"] .rt-note')).toHaveCount(
      counts["box-office"] ?? 0,
    );

    // A chip's panel names its cinema and books there.
    const chip = page.locator('[data-reeltime] .rt-chip[data-booking="show"]').first();
    const label = (await chip.getAttribute("aria-label")) ?? "";
    const cinema = english.find((row) => label.includes(`, ${row.cinema.name}, `))?.cinema.name ?? "";
    await chip.click();
    const panel = page.getByRole("region", { name: /·/ });
    await expect(panel.getByText(cinema, { exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: `Book at ${cinema}` })).toBeVisible();
    await page.keyboard.press("Escape");

    expect(await violations(page)).toEqual([]);
    const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath("amsterdam-en-gb.png") });
    await testInfo.attach("the widget for Amsterdam, English, en-GB browser", {
      body: shot,
      contentType: "image/png",
    });
  } finally {
    await context.close();
  }
});

test("in Dutch (data-locale): Dutch attribute names and cinema lists; in an en-US browser, English reads 12 hours", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Europe/Amsterdam" });
  try {
    const page = await visit(context, "/nl");
    await expect(page.locator("[data-reeltime] .rt")).toHaveAttribute("lang", "nl");
    await expectEveryTimeUnderItsCinema(page, dutch);
    const badges = await page.locator("[data-reeltime] .rt-badge").allTextContents();
    expect(badges.sort()).toEqual(expectedBadges(dutch));
    expect(expectedBadges(dutch)).not.toEqual(expectedBadges(english));
    const first = dutch[0]!;
    await expect(
      page.getByRole("list", { name: `Voorstellingen van ${first.title} in ${first.cinema.name}` }).first(),
    ).toBeVisible();
    for (const time of await page.locator("[data-reeltime] .rt-time").allTextContents())
      expect(time).toMatch(/^\d{2}:\d{2}$/);
    expect(await violations(page)).toEqual([]);
    const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath("amsterdam-nl.png") });
    await testInfo.attach("the widget for Amsterdam in Dutch", { body: shot, contentType: "image/png" });
  } finally {
    await context.close();
  }

  const american = await browser.newContext({ locale: "en-US", timezoneId: "America/New_York" });
  try {
    const page = await visit(american, "/");
    await expect(chips(page)).toHaveCount(english.length);
    // The cinema's own time, written the visitor's way.
    for (const time of await page.locator("[data-reeltime] .rt-time").allTextContents())
      expect(time).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
  } finally {
    await american.close();
  }
});

test('for Paris: a show without online booking is no look-alike of a bookable one, and says "At the box office"', async ({
  browser,
}, testInfo) => {
  // Some 1,200 chips: checking each of them takes longer than a page of one city district.
  test.setTimeout(180_000);
  const unbookable = paris.filter((row) => !row.bookable && row.availability !== "sold-out");
  expect(
    unbookable.length,
    "the demo's Paris cinemas without booking links (Balzac, Caumartin…)",
  ).toBeGreaterThan(0);
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Europe/Paris" });
  try {
    const page = await visit(context, "/paris");
    await expectEveryTimeUnderItsCinema(page, paris);
    const boxOffice = page.locator('[data-reeltime] .rt-chip[data-booking="box-office"]');
    await expect(boxOffice).toHaveCount(unbookable.length);
    const bookable = page.locator(
      '[data-reeltime] .rt-chip[data-booking="show"], [data-reeltime] .rt-chip[data-booking="site"]',
    );
    expect(await bookable.count()).toBeGreaterThan(0);

    // In words, and in its accessible name.
    const chip = boxOffice.first();
    await expect(chip.locator(".rt-note")).toHaveText("At the box office");
    await expect(chip).toHaveAccessibleName(/^\d{2}:\d{2}( .+)? At the box office, .+, /);
    // It looks different: an outline without the bookable chips' fill.
    const look = (locator: typeof chip) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, border: style.borderTopStyle };
      });
    expect(await look(chip)).toEqual({ background: "rgba(0, 0, 0, 0)", border: "dashed" });
    expect(await look(bookable.first())).not.toEqual(await look(chip));

    // Its panel offers no link and says where the tickets are.
    const label = (await chip.getAttribute("aria-label")) ?? "";
    const cinema = unbookable.find((row) => label.includes(`, ${row.cinema.name}, `))?.cinema.name ?? "";
    await chip.click();
    const panel = page.getByRole("region", { name: /·/ });
    await expect(panel.getByText(`No online booking: tickets at the box office of ${cinema}.`)).toBeVisible();
    await expect(panel.getByRole("link")).toHaveCount(0);

    expect(await violations(page)).toEqual([]);
    const shot = await chip.locator("xpath=ancestor::li[contains(@class, 'rt-movie')]").screenshot({
      path: testInfo.outputPath("paris-box-office.png"),
    });
    await testInfo.attach("a Paris movie with shows at the box office", {
      body: shot,
      contentType: "image/png",
    });
  } finally {
    await context.close();
  }
});
