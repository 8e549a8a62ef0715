// Issue 11, public point 12: "/" on a 390 × 844 phone. The first screen shows showtimes (a first visit, so
// with the consent banner; with and without JavaScript); the filters and the order are behind a "Filters"
// button whose sheet counts the showtimes they leave (a modal dialog with JavaScript: focus inside,
// Escape closes, focus back on the button; a :target section without it); the quick picks and the days
// keep to one line each, scrolling sideways inside their strip, never the page; times form a grid.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated } from "../studio/support.ts";

const PHONE = { width: 390, height: 844 };
/** `?films=` asking for every film of the day: then every showtime the sheet counts is on the page. */
const ALL_FILMS = 400;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const filterControl = (page: Page) => page.locator("#filters-button");
const sheetCount = (sheet: Locator) => sheet.getByRole("button", { name: /^(Show \d+ showtimes?|No showtimes)$/ });

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${label}: page width ${widths.scroll} > viewport ${widths.inner}`).toBeLessThanOrEqual(widths.inner);
}

/** The first time chip lies wholly inside the first screen, which the page has not scrolled from. */
async function expectShowtimesOnFirstScreen(page: Page, label: string) {
  expect(await page.evaluate(() => window.scrollY), `${label}: not scrolled`).toBe(0);
  const chip = page.getByTestId("time-chip").first();
  await expect(chip).toBeVisible();
  const box = await chip.boundingBox();
  expect(box, `${label}: the first time chip has a box`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(y, `${label}: the first time chip starts on screen`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${label}: the first time chip (top ${y}, height ${height}) ends above the fold`).toBeLessThanOrEqual(PHONE.height);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(PHONE.width);
}

/** Quick picks and days: each strip one row, scrolling sideways inside itself when it is wider. */
async function expectOneLineStrips(page: Page) {
  for (const [name, count] of [
    ["Quick picks", 4],
    ["Choose a day", 14],
  ] as const) {
    const strip = page.getByRole("navigation", { name });
    const tops = await strip.getByRole("link").evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(tops, `${name}: links`).toHaveLength(count);
    expect(new Set(tops).size, `${name}: one line (${tops.join(", ")})`).toBe(1);
  }
  const days = page.getByRole("navigation", { name: "Choose a day" });
  const overflow = await days.evaluate((nav) => ({ scroll: nav.scrollWidth, client: nav.clientWidth, snap: getComputedStyle(nav).scrollSnapType }));
  expect(overflow.scroll, "14 days are wider than a phone: the strip scrolls").toBeGreaterThan(overflow.client);
  expect(overflow.snap).toContain("x");
}

/**
 * The showtimes of the films on a page listing every film: each card shows its next few times and counts
 * them all (data-showtimes), so the sum is what the filters sheet counts.
 */
async function chipCount(page: Page) {
  const counts = await page.getByTestId("movie").evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-showtimes"))));
  return counts.reduce((sum, count) => sum + count, 0);
}

test.describe("a phone's first screen", () => {
  test("shows showtimes, the filters folded behind a button, strips on one line, times in a grid", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("consent-banner"), "a first visit: the banner asks").toBeVisible();
    await hydrated(page);
    await expectShowtimesOnFirstScreen(page, "with JavaScript");
    await expect(page.getByRole("button", { name: "Filters" })).toBeVisible();
    await expect(page.getByRole("checkbox").first(), "the filters are in the sheet").toBeHidden();
    await expect(page.getByLabel("City", { exact: true })).toBeVisible();
    // The city and film fields share the first row (each half of it), the buttons the next.
    const bottoms = (selectors: string[]) =>
      page.evaluate(
        (list) =>
          list.map((selector) => {
            const box = document.querySelector(selector)?.getBoundingClientRect();
            return box ? Math.round(box.bottom) : null;
          }),
        selectors,
      );
    const fields = await bottoms(["#city", "#film"]);
    expect(new Set(fields).size, `city and film in one row (bottoms ${fields.join(", ")})`).toBe(1);
    const buttons = await bottoms(['.search-row > button[type="submit"]', "#filters-button"]);
    expect(new Set(buttons).size, `search and Filters in one row (bottoms ${buttons.join(", ")})`).toBe(1);
    const cityWidth = await page.locator("#city").evaluate((input) => input.getBoundingClientRect().width);
    expect(cityWidth, "the city field is wide enough for a city's name").toBeGreaterThan(150);
    await expectOneLineStrips(page);
    await expectNoSidewaysScroll(page, "/");

    // A compact grid: a card's two times at one cinema side by side (issue 25: a card shows a film's next
    // times, two at one cinema or one at each of two). Tomorrow's list is a whole day.
    await page.goto("/?when=tomorrow");
    const rows = await page.locator('[data-testid="cinema"] ul').evaluateAll((lists) =>
      lists.map((list) => [...list.querySelectorAll('[data-testid="time-chip"]')].map((chip) => Math.round(chip.getBoundingClientRect().top))),
    );
    const full = rows.find((tops) => tops.length === 2);
    expect(full, "a cinema with two times on a card").toBeTruthy();
    expect(new Set(full).size, `two times on one row (${full?.join(", ")})`).toBe(1);
  });

  test("the weekend's times by day, and the Dutch page, stay within the phone's width", async ({ page }) => {
    await page.goto("/?when=weekend");
    await expect(page.getByTestId("time-chip").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "/?when=weekend");
    await page.goto("/?lang=nl");
    await expect(page.getByRole("button", { name: "Filters" }).or(page.getByRole("link", { name: "Filters" }))).toBeVisible();
    await expectNoSidewaysScroll(page, "/?lang=nl");
  });

  test("the Filters sheet: a count, filters that apply, Escape and the focus back on the button", async ({ page }) => {
    await page.goto(`/?films=${ALL_FILMS}`);
    await hydrated(page);
    const all = await chipCount(page);
    const button = page.getByRole("button", { name: "Filters" });
    await button.click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect(sheet).toBeVisible();
    await expect(sheetCount(sheet)).toHaveText(`Show ${all} showtimes`);
    // Modal: the page behind is inert; the focus starts inside and Tab keeps it there.
    await expect(sheet.getByRole("button", { name: "Close" })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        return active === null || active === document.body ? "nowhere" : active.closest("dialog") ? "inside" : "outside";
      });
      expect(where, `Tab ${i + 1}`).not.toBe("outside");
    }
    await expectNoSeriousAxeViolations(page, "/ (phone, the filters sheet open)");

    // A filter applies at once: the URL, the listing behind and the count change, the sheet stays open.
    const option = sheet.getByRole("checkbox").first();
    const name = ((await option.evaluate((input) => input.closest("label")?.textContent)) ?? "").trim();
    const code = await option.getAttribute("value");
    await option.check();
    await expect(page).toHaveURL(new RegExp(`[?&]attr=${encodeURIComponent(code ?? "")}(&|$)`));
    await expect(sheet).toBeVisible();
    await expect.poll(() => chipCount(page), { message: "the listing follows the filter" }).toBeLessThan(all);
    const narrowed = await chipCount(page);
    await expect(sheetCount(sheet)).toHaveText(narrowed === 1 ? "Show 1 showtime" : `Show ${narrowed} showtimes`);
    const labels = await page.getByTestId("time-chip").evaluateAll((chips) => chips.map((chip) => chip.textContent ?? ""));
    for (const label of labels) expect(label, `every time has ${name}`).toContain(name);

    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    const filters = page.getByRole("button", { name: "Filters (1)" });
    await expect(filters).toBeFocused();

    // "Show n showtimes" closes the sheet onto the listing.
    await filters.click();
    await expect(sheet).toBeVisible();
    await sheetCount(sheet).click();
    await expect(sheet).toBeHidden();
    expect(new URL(page.url()).searchParams.getAll("attr")).toEqual([code]);
    await expect.poll(() => chipCount(page)).toBe(narrowed);
  });

  test("wider screens keep the filters in the form, without the Filters button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("form", { name: "Find showtimes" }).getByRole("checkbox").first()).toBeVisible();
    await expect(filterControl(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Show showtimes" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the first screen shows showtimes and the Filters link opens a sheet that applies the form", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("consent-banner")).toBeVisible();
      await expectShowtimesOnFirstScreen(page, "without JavaScript");
      await expectOneLineStrips(page);
      await expectNoSidewaysScroll(page, "/ without JavaScript");

      await page.goto(`/?films=${ALL_FILMS}`);
      const all = await chipCount(page);
      const sheet = page.getByRole("group", { name: "Filters" });
      await expect(sheet).toBeHidden();
      await page.getByRole("link", { name: "Filters" }).click();
      await expect(sheet).toBeVisible();
      await expect(sheetCount(sheet)).toHaveText(`Show ${all} showtimes`);
      // Close is a link back to the button.
      await sheet.getByRole("link", { name: "Close" }).click();
      await expect(sheet).toBeHidden();

      await page.getByRole("link", { name: "Filters" }).click();
      const option = sheet.getByRole("checkbox").first();
      const code = await option.getAttribute("value");
      await option.check();
      await sheetCount(sheet).click();
      await expect(page).toHaveURL(new RegExp(`[?&]attr=${encodeURIComponent(code ?? "")}(&|$)`));
      await expect(sheet, "a new page: the sheet is closed").toBeHidden();
      const narrowed = await chipCount(page);
      expect(narrowed).toBeLessThan(all);
      await page.getByRole("link", { name: "Filters (1)" }).click();
      await expect(sheetCount(sheet)).toHaveText(narrowed === 1 ? "Show 1 showtime" : `Show ${narrowed} showtimes`);
      await expect(sheet.getByRole("checkbox", { checked: true })).toHaveCount(1);
    });
  });
});
