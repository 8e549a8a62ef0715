// "/" quick picks (today, tonight from 18:00, tomorrow, this weekend: ?when=), the films' order (?sort=),
// with and without JavaScript, and where a chip books: a deep link to the show where the cinema's booking
// template allows (the demo's Pathé cinemas), else "at the cinema's site".
import { expect, test, type Page } from "@playwright/test";

const TIME_ZONE = "Europe/Amsterdam";
const LISTING_DAY_START_HOUR = 3;

/** The listing day (YYYY-MM-DD) an instant belongs to: a day runs from 03:00 to 03:00 local time. */
function listingDateOf(instant: Date | string | number) {
  const shifted = new Date(new Date(instant).getTime() - LISTING_DAY_START_HOUR * 3600_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    shifted,
  );
}

function localHour(instant: string) {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(new Date(instant)));
}

function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Saturday and Sunday to come; on a Saturday today and tomorrow; on a Sunday only today. */
function weekendOf(today: string) {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  if (weekday === 0) return [today];
  const saturday = addDays(today, 6 - weekday);
  return [saturday, addDays(saturday, 1)];
}

const picks = (page: Page) => page.getByRole("navigation", { name: "Quick picks" });

async function chipStarts(page: Page) {
  return page.getByTestId("time-chip").evaluateAll((chips) => chips.map((chip) => chip.querySelector("time")?.getAttribute("datetime") ?? ""));
}

async function titles(page: Page) {
  return page.getByTestId("movie").evaluateAll((articles) => articles.map((a) => a.querySelector("h3")?.textContent?.trim() ?? ""));
}

/** Each film's earliest start on the page, in the films' order. */
async function firstStarts(page: Page) {
  return page.getByTestId("movie").evaluateAll((articles) =>
    articles.map((a) => Math.min(...[...a.querySelectorAll("time")].map((t) => Date.parse(t.getAttribute("datetime") ?? "")))),
  );
}

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function expectSortedByTitle(list: string[]) {
  expect(list, "films by title").toEqual([...list].sort((a, b) => byTitle.compare(a, b)));
}

async function stripCurrent(page: Page) {
  return page.getByRole("navigation", { name: "Choose a day" }).locator('a[aria-current="date"]').evaluateAll((links) =>
    links.map((a) => new URL(a.getAttribute("href") ?? "", "http://x").searchParams.get("date")),
  );
}

test.describe("quick picks and the films' order", () => {
  test("tonight, the weekend and tomorrow, keeping the order; the weekend's times grouped by day", async ({ page }) => {
    await page.goto("/?sort=title");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const today = listingDateOf(Date.now());

    await picks(page).getByRole("link", { name: "Tonight" }).click();
    await expect(page).toHaveURL(/[?&]when=tonight(&|$)/);
    expect(page.url()).not.toMatch(/[?&]date=/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("title");
    await expect(picks(page).getByRole("link", { name: "Tonight" })).toHaveAttribute("aria-current", "true");
    await expect(page.locator("#results-heading")).toContainText("tonight");
    await expect(page.getByText("Shows from 18:00 on.")).toBeVisible();
    for (const start of await chipStarts(page)) {
      expect(listingDateOf(start), `${start} is tonight's`).toBe(today);
      const hour = localHour(start);
      expect(hour >= 18 || hour < LISTING_DAY_START_HOUR, `${start} starts from 18:00 (or after midnight)`).toBe(true);
    }
    expectSortedByTitle(await titles(page));

    await picks(page).getByRole("link", { name: "This weekend" }).click();
    await expect(page).toHaveURL(/[?&]when=weekend(&|$)/);
    const weekend = weekendOf(today);
    // Late on a Sunday the weekend is what is left of today: possibly nothing.
    const mayBeEmpty = weekend.length === 1;
    await expect
      .poll(async () => {
        const starts = await chipStarts(page);
        if (starts.length === 0) return mayBeEmpty;
        return starts.every((start) => weekend.includes(listingDateOf(start)));
      }, { message: `every time on ${weekend.join(" and ")}` })
      .toBe(true);
    expectSortedByTitle(await titles(page));
    if (weekend.length === 2) {
      await expect(page.locator("#results-heading")).toContainText("this weekend");
      // Each cinema's times, one row per day, each row's times on its day.
      const rows = await page.getByTestId("day-times").evaluateAll((divs) =>
        divs.map((div) => ({
          label: div.querySelector("span")?.textContent ?? "",
          starts: [...div.querySelectorAll("time")].map((t) => t.getAttribute("datetime") ?? ""),
        })),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(new Set(row.starts.map(listingDateOf)).size, row.label).toBe(1);
      // Two days are the pick's, not one day of the strip.
      expect(await stripCurrent(page)).toEqual([]);
    }

    await picks(page).getByRole("link", { name: "Tomorrow" }).click();
    await expect(page).toHaveURL(/[?&]when=tomorrow(&|$)/);
    const tomorrow = addDays(today, 1);
    await expect
      .poll(async () => {
        const starts = await chipStarts(page);
        return starts.length > 0 && starts.every((start) => listingDateOf(start) === tomorrow);
      })
      .toBe(true);
    expect(await stripCurrent(page)).toEqual([tomorrow]);

    // A day of the strip replaces the pick and keeps the order.
    await page.getByRole("navigation", { name: "Choose a day" }).getByRole("link").nth(3).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${addDays(today, 3)}(&|$)`));
    expect(page.url()).not.toMatch(/[?&]when=/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("title");
    await expect(picks(page).locator("a[aria-current]")).toHaveCount(0);
  });

  test("the order applies as soon as it is chosen: by next show, by title, by popularity", async ({ page }) => {
    const tomorrow = addDays(listingDateOf(Date.now()), 1);
    // 16 films: on a busy day the first screen can hold a single film.
    await page.goto(`/?date=${tomorrow}&films=16`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const sort = page.getByLabel("Sort films by");
    await expect(sort).toHaveValue("next");
    const starts = await firstStarts(page);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts, "films by their next show").toEqual([...starts].sort((a, b) => a - b));

    await sort.selectOption("title");
    await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
    await expect.poll(async () => {
      const list = await titles(page);
      return list.join("|") === [...list].sort((a, b) => byTitle.compare(a, b)).join("|");
    }).toBe(true);
    expect(new URL(page.url()).searchParams.get("date")).toBe(tomorrow);
    expect(new URL(page.url()).searchParams.get("films")).toBe("16");

    await sort.selectOption("popular");
    await expect(page).toHaveURL(/[?&]sort=popular(&|$)/);
    await expect(page.getByLabel("Sort films by")).toHaveValue("popular");
    await expect(page.getByTestId("movie").first()).toBeVisible();
  });

  test("unknown picks and orders are ignored", async ({ page }) => {
    const response = await page.goto("/?when=yesterday&sort=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(response?.status()).toBe(200);
    await expect(picks(page).locator("a[aria-current]")).toHaveCount(0);
    await expect(page.getByLabel("Sort films by")).toHaveValue("next");
    expect(await stripCurrent(page)).toHaveLength(1);
  });

  test("the picks and the order speak Dutch", async ({ page }) => {
    await page.goto("/?lang=nl");
    for (const name of ["Vandaag", "Vanavond", "Morgen", "Dit weekend"])
      await expect(page.getByRole("navigation", { name: "Snel kiezen" }).getByRole("link", { name })).toBeVisible();
    await expect(page.getByLabel("Films sorteren op").locator("option")).toHaveText([
      "Eerstvolgende voorstelling",
      "Titel (A–Z)",
      "Populariteit (meeste voorstellingen deze week)",
    ]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the picks are links and the order is a field of the search form; each keeps the others", async ({ page }) => {
      await page.goto("/");
      const today = listingDateOf(Date.now());
      const form = page.getByRole("form", { name: "Find showtimes" });
      await form.getByLabel("Sort films by").selectOption("title");
      await form.getByRole("button", { name: "Show showtimes" }).click();
      await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
      expectSortedByTitle(await titles(page));

      await picks(page).getByRole("link", { name: "Tomorrow" }).click();
      await expect(page).toHaveURL(/[?&]when=tomorrow(&|$)/);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("title");
      const tomorrow = addDays(today, 1);
      const starts = await chipStarts(page);
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) expect(listingDateOf(start)).toBe(tomorrow);
      expectSortedByTitle(await titles(page));

      // A filter submitted with the form keeps the pick and the order.
      await form.getByRole("checkbox").first().check();
      await form.getByRole("button", { name: "Show showtimes" }).click();
      await expect(page).toHaveURL(/[?&]attr=/);
      const params = new URL(page.url()).searchParams;
      expect([params.get("when"), params.get("sort"), params.get("date")]).toEqual(["tomorrow", "title", null]);

      await picks(page).getByRole("link", { name: "This weekend" }).click();
      await expect(page).toHaveURL(/[?&]when=weekend(&|$)/);
      const weekend = weekendOf(today);
      for (const start of await chipStarts(page)) expect(weekend).toContain(listingDateOf(start));
      expect(new URL(page.url()).searchParams.getAll("attr")).toEqual(params.getAll("attr"));
    });
  });
});

test.describe("booking links", () => {
  /** Tomorrow in Amsterdam, every film: Pathé's cinemas (a deep-link template) and others (their sites). */
  async function amsterdamTomorrow(page: Page) {
    await page.goto(`/?city=Amsterdam&date=${addDays(listingDateOf(Date.now()), 1)}&films=400`);
  }

  test("a chip deep-links to its show where the cinema's template allows, else says 'at the cinema's site'", async ({
    page,
  }) => {
    await amsterdamTomorrow(page);
    const deep = page.locator('a[data-testid="time-chip"][href^="https://www.pathe.nl/tickets/start/"]').first();
    await expect(deep).toBeAttached();
    const deepHref = (await deep.getAttribute("href")) ?? "";
    expect(deepHref).toMatch(/^https:\/\/www\.pathe\.nl\/tickets\/start\/\d+\?utm_source=reeltime&utm_medium=website$/);
    await expect(deep).not.toHaveAttribute("data-booking", /./);
    await expect(deep).toContainText(`Book at ${await deep.getAttribute("data-cinema")}`);
    await expect(deep).not.toContainText("the cinema's site");

    const site = page.locator('a[data-testid="time-chip"][data-booking="site"]').first();
    await expect(site).toBeAttached();
    const siteHref = new URL((await site.getAttribute("href")) ?? "");
    expect(siteHref.protocol).toBe("https:");
    expect(siteHref.hostname).not.toBe("www.pathe.nl");
    expect(siteHref.searchParams.get("utm_source")).toBe("reeltime");
    await expect(site).toContainText("Book at the cinema's site");
    // A card's chip says it where it shows (issue 25: a card holds a cinema's next times, not all of them).
    await expect(site.locator(".time-chip-meta")).toContainText("at the cinema's site");
  });

  test("the ticket panel says the same: the show's booking, or the cinema's site", async ({ page }) => {
    await page.addInitScript(() => {
      const counted = window as unknown as { readyEvents: number };
      counted.readyEvents = 0;
      window.addEventListener("reeltime-ready", () => (counted.readyEvents += 1));
    });
    await amsterdamTomorrow(page);
    await expect.poll(() => page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);
    const dialog = page.locator("[data-reeltime-dialog]").getByRole("dialog");

    const deep = page.locator('a[data-testid="time-chip"][href^="https://www.pathe.nl/tickets/start/"]').first();
    await deep.scrollIntoViewIfNeeded();
    await deep.click();
    const cinema = (await deep.getAttribute("data-cinema")) ?? "";
    await expect(dialog.getByRole("link", { name: `Book at ${cinema}` })).toHaveAttribute("href", (await deep.getAttribute("href")) ?? "");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const site = page.locator('a[data-testid="time-chip"][data-booking="site"]').first();
    await site.scrollIntoViewIfNeeded();
    await site.click();
    await expect(dialog.getByRole("link", { name: "Book at the cinema's site" })).toHaveAttribute(
      "href",
      (await site.getAttribute("href")) ?? "",
    );
  });
});
