// The widget on a client's own site (issue 10): a page served from a second loopback origin with the
// embed snippet shows the chosen cinema's showtimes when its host is one of the client's registered
// domains (the demo client has localhost and 127.0.0.1), and a clear "domain not allowed" message when
// it is not; reeltime-ready fires exactly once; a chip opens the ticket panel, whose booking link opens
// in a new tab with the UTM parameters. A host the client has not registered is <run>.other-site.test,
// resolved to 127.0.0.1 by a browser launched with --host-resolver-rules; registering it in the studio
// (/studio/domains) lets the widget through, removing it refuses it again. In another language (its
// data-locale, else the page's lang) the widget fetches that locale's texts from beside its script, and
// Arabic reads right to left.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserType,
  expect,
  type LaunchOptions,
  type Page,
  test,
} from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { demoApiKey, hydrated, signedInAs } from "../studio/support.ts";
import {
  amsterdamTomorrow,
  demoCinema,
  type HostSite,
  hostDocument,
  reeltimeOrigin,
  startHostSite,
  widgetSnippet,
} from "./host-page.ts";

/** A new name each run (a failed run may leave its registration behind on a reused server). */
const OTHER_HOST = `run-${Date.now().toString(36)}.other-site.test`;
const CAMPAIGN = "spring-films";
const REFUSED = "This site's domain is not allowed to show these showtimes.";

/** Counts reeltime-ready (and keeps its detail) from before the page's first script runs. */
async function countReadyEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    Object.defineProperty(window, "__reeltimeReady", { value: seen });
    window.addEventListener("reeltime-ready", (event) => seen.push((event as CustomEvent).detail));
  });
}

const readyEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reeltimeReady: unknown[] }).__reeltimeReady);

/** The widget's showtime chips (Playwright's CSS locators pierce its open shadow root). */
const chips = (page: Page) => page.locator("[data-reeltime] .rt-chip");
/** The first chip of a show that is not sold out (its panel has a booking link). */
const bookableChip = (page: Page) =>
  page.locator('[data-reeltime] .rt-chip:not([data-availability="sold-out"])').first();

/** A browser like the config's (same executable, same flags) resolving *.other-site.test to 127.0.0.1. */
function launchWithOtherSite(browserType: BrowserType, launchOptions: LaunchOptions): Promise<Browser> {
  return browserType.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), "--host-resolver-rules=MAP *.other-site.test 127.0.0.1"],
  });
}

/** A fresh context per visit: no HTTP or preflight cache carries an earlier answer over. */
async function visit(browser: Browser, url: string) {
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Europe/Amsterdam" });
  await countReadyEvents(context);
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto(url);
  return { context, page, warnings };
}

let site: HostSite;
const date = amsterdamTomorrow();
let chosen: Awaited<ReturnType<typeof demoCinema>>;

test.beforeAll(async () => {
  chosen = await demoCinema(date);
  const page = (theme?: "dark") =>
    hostDocument({
      title: "Film guide",
      body: `<p>What's on at ${chosen.cinema.name}.</p>\n${widgetSnippet({
        key: demoApiKey("publishable"),
        cinema: chosen.cinema.id,
        date,
        theme,
        utmCampaign: CAMPAIGN,
      })}`,
    });
  site = await startHostSite({ "/": page(), "/dark": page("dark") });
});

test.afterAll(async () => {
  await site?.close();
});

test("from a registered domain: the cinema's showtimes, ready once, a chip opens the ticket panel with a UTM booking link", async ({
  browser,
}) => {
  const { context, page } = await visit(browser, site.url("/"));
  try {
    expect(new URL(page.url()).origin).not.toBe(reeltimeOrigin());
    // Every show of the chosen cinema that day, and only its shows.
    await expect(chips(page)).toHaveCount(chosen.showtimes.length);
    for (const label of await chips(page).evaluateAll((all) => all.map((c) => c.getAttribute("aria-label"))))
      expect(label).toContain(chosen.cinema.name);
    await expect(page.locator("[data-reeltime] .rt-day").first()).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[data-reeltime] .rt-day").first()).toHaveAttribute("data-date", date);

    const ready = await readyEvents(page);
    expect(ready).toEqual([{ version: expect.any(String) as unknown }]);

    const clicks: unknown[] = [];
    await page.exposeFunction("__showtimeClick", (detail: unknown) => clicks.push(detail));
    await page.evaluate(() =>
      document.addEventListener("reeltime:showtime-click", (event) =>
        (window as unknown as { __showtimeClick: (d: unknown) => void }).__showtimeClick(
          (event as CustomEvent).detail,
        ),
      ),
    );
    const chip = bookableChip(page);
    await chip.click();
    await expect(chip).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("region", { name: /·/ });
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    await expect(panel.getByText(chosen.cinema.name, { exact: true })).toBeVisible();
    await expect.poll(() => clicks.length).toBe(1);
    const clicked = clicks[0] as { showtimeId: string; cinemaId: string };
    expect(clicked.cinemaId).toBe(chosen.cinema.id);
    const shown = chosen.showtimes.find((row) => row.id === clicked.showtimeId);
    expect(shown, "the clicked chip is one of the cinema's showtimes").toBeDefined();

    const book = panel.getByRole("link", { name: `Book at ${chosen.cinema.name}` });
    await expect(book).toBeVisible();
    await expect(book).toHaveAttribute("target", "_blank");
    await expect(book).toHaveAttribute("rel", /noopener/);
    const href = new URL((await book.getAttribute("href")) ?? "");
    const original = new URL(shown!.booking_url!);
    expect(href.origin + href.pathname).toBe(original.origin + original.pathname);
    expect(href.searchParams.get("utm_source")).toBe("reeltime");
    expect(href.searchParams.get("utm_medium")).toBe("widget");
    expect(href.searchParams.get("utm_campaign")).toBe(CAMPAIGN);

    // Closing gives the focus back to the chip; nothing fired reeltime-ready again.
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(chip).toBeFocused();
    expect(await readyEvents(page)).toHaveLength(1);
  } finally {
    await context.close();
  }
});

/** A locale's `widget.*` texts, as the widget shows them. */
function widgetTexts(locale: string): Record<string, string> {
  const file = path.resolve(import.meta.dirname, `../../../locales/${locale}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

test("in Arabic (data-locale) right to left with Arabic labels, in German from the page's lang (de-AT)", async ({
  browser,
}) => {
  const snippet = (locale?: string) =>
    widgetSnippet({ key: demoApiKey("publishable"), cinema: chosen.cinema.id, date, locale });
  site.setPage("/ar", hostDocument({ title: "Film guide", body: snippet("ar") }));
  site.setPage("/de", hostDocument({ title: "Kinoprogramm", lang: "de-AT", body: snippet() }));
  for (const [pagePath, locale, dir] of [
    ["/ar", "ar", "rtl"],
    ["/de", "de", "ltr"],
  ] as const) {
    const texts = widgetTexts(locale);
    const { context, page } = await visit(browser, site.url(pagePath));
    try {
      const frame = page.locator("[data-reeltime] .rt");
      await expect(frame).toHaveAttribute("dir", dir);
      await expect(frame).toHaveAttribute("lang", locale);
      expect(await frame.evaluate((element) => getComputedStyle(element).direction)).toBe(dir);
      await expect(page.getByRole("group", { name: texts["widget.days"]! })).toBeVisible();
      await expect(chips(page)).toHaveCount(chosen.showtimes.length);
      // The locale's texts came cross-origin from beside the script, once.
      const fetched = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name))
          .filter((url) => /^\/widget\/v1\/reeltime\.[a-z_]+\.[0-9a-f]{10}\.json$/.test(url.pathname))
          .map((url) => `${url.origin} ${url.pathname.split(".")[1]}`),
      );
      expect(fetched).toEqual([`${reeltimeOrigin()} ${locale}`]);
      if (locale === "de") await expect(chips(page).first().locator(".rt-time")).toHaveText(/^\d{2}:\d{2}$/);
      await bookableChip(page).click();
      const book = texts["widget.panel.book"]!.replace(/\{cinema\}/, chosen.cinema.name);
      await expect(page.getByRole("link", { name: book })).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

for (const [pagePath, mode] of [
  ["/", "light"],
  ["/dark", "dark"],
] as const) {
  test(`axe finds no serious or critical violation on the host page with the ticket panel open (${mode})`, async ({
    browser,
  }) => {
    const { context, page } = await visit(browser, site.url(pagePath));
    try {
      await expect(chips(page).first()).toBeVisible();
      await bookableChip(page).click();
      await expect(page.getByRole("region", { name: /·/ })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `the widget with its ticket panel open (${mode})`);
    } finally {
      await context.close();
    }
  });
}

test("from a domain the client has not registered: 'domain not allowed'; registered in the studio it shows showtimes; removed, refused again", async ({
  playwright,
  launchOptions,
  page: studio,
}) => {
  const other = await launchWithOtherSite(playwright.chromium, launchOptions);
  const otherUrl = site.url("/", OTHER_HOST);
  /** Loads the page from other-site.test and waits until the widget has answered either way. */
  const load = async () => {
    const visited = await visit(other, otherUrl);
    await expect(
      visited.page.locator("[data-reeltime] .rt-chip, [data-reeltime] .rt-error").first(),
    ).toBeVisible();
    return visited;
  };
  const expectRefused = async () => {
    const { context, page, warnings } = await load();
    try {
      expect(new URL(page.url()).hostname).toBe(OTHER_HOST);
      await expect(page.getByRole("alert")).toHaveText(REFUSED);
      await expect(chips(page)).toHaveCount(0);
      expect(warnings.join("\n")).toMatch(/add this site's domain to the client's domains/);
      expect(await readyEvents(page)).toHaveLength(1);
    } finally {
      await context.close();
    }
  };
  try {
    await expectRefused();

    await signedInAs(studio, "admin");
    await studio.goto("/studio/domains");
    await hydrated(studio);
    await studio.getByRole("textbox", { name: "Domain" }).fill(OTHER_HOST);
    await studio.getByRole("button", { name: "Add domain" }).click();
    const row = studio.getByRole("row").filter({ hasText: OTHER_HOST });
    await expect(row).toBeVisible();
    try {
      const { context, page } = await load();
      try {
        await expect(chips(page)).toHaveCount(chosen.showtimes.length);
        await expect(page.getByRole("alert")).toHaveCount(0);
        expect(await readyEvents(page)).toHaveLength(1);
      } finally {
        await context.close();
      }
    } finally {
      // Removed again whatever happened above: other specs see the demo client's own domains.
      await row.getByRole("button", { name: `Remove ${OTHER_HOST}` }).click();
      const confirm = studio.getByRole("alertdialog", { name: `Remove ${OTHER_HOST}?` });
      await confirm.getByRole("button", { name: "Remove domain" }).click();
      await expect(row).toHaveCount(0);
    }
    await expectRefused();
  } finally {
    await other.close();
  }
});
