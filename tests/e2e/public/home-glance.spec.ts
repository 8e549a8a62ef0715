// Issue 25, points 1 and 2: the day's films at a glance and honest booking. On a 390 × 844 phone "/" shows
// six films or more on its first two screens and a time on the first; without JavaScript the pages of films
// (plain links) list every film of the day once; on Paris a show without a booking link is no link, looks
// different (dashed, "Box office") and is named so; a cinema's page puts its times side by side.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";

const PHONE = { width: 390, height: 844 };

/** The films listed on the page, each with the top and bottom of its title (from the page's top). */
async function filmTitles(page: Page) {
  return page.getByTestId("movie").evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.querySelector("h3")!.getBoundingClientRect();
      return { title: card.querySelector("h3")!.textContent ?? "", bottom: box.bottom + window.scrollY };
    }),
  );
}

/** "37 films on Sunday 29 November": the day's number of films. */
async function filmCount(page: Page): Promise<number> {
  const heading = (await page.locator("#results-heading").textContent()) ?? "";
  const match = /(\d+) films?/.exec(heading);
  expect(match, `a count in "${heading}"`).not.toBeNull();
  return Number(match![1]);
}

/** The first chip without a booking link on Paris's pages of films (following "Next films"). */
async function firstBoxOfficeChip(page: Page) {
  await page.goto("/?city=Paris");
  for (let pages = 0; pages < 20; pages++) {
    const chip = page.locator('[data-testid="time-chip"][data-booking="box-office"]').first();
    if ((await chip.count()) > 0) return chip;
    const next = page.getByTestId("more-films");
    if ((await next.count()) === 0) break;
    await next.click();
  }
  throw new Error("no show without a booking link on Paris's pages");
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("six films or more on the first two screens, the first time on the first", async ({ page }, testInfo) => {
    await page.goto("/");
    const films = await filmTitles(page);
    const onTwoScreens = new Set(films.filter((film) => film.bottom <= 2 * PHONE.height).map((film) => film.title));
    expect(onTwoScreens.size, `films on the first two screens: ${[...onTwoScreens].join(" | ")}`).toBeGreaterThanOrEqual(6);
    const chip = await page.getByTestId("time-chip").first().boundingBox();
    expect(chip, "a time chip").not.toBeNull();
    expect(chip!.y + chip!.height, "the first time ends on the first screen").toBeLessThanOrEqual(PHONE.height);
    // Each card links to all of its times (the film's page) when it shows only some.
    const all = page.getByTestId("all-times").first();
    await expect(all).toHaveAttribute("href", /^\/films\//);
    await page.screenshot({ path: testInfo.outputPath("home-phone.png"), fullPage: false });
    await page.evaluate(() => window.scrollTo(0, 844));
    await page.screenshot({ path: testInfo.outputPath("home-phone-2.png"), fullPage: false });
    await expectNoSeriousAxeViolations(page, "/ (phone, cards)");
  });

  test("a show without a booking link is no link, looks different and says so", async ({ page }, testInfo) => {
    const chip = await firstBoxOfficeChip(page);
    await expect(chip).toHaveAccessibleName(/^\d\d:\d\d, not bookable online: tickets at the box office$/);
    await expect(chip).toHaveJSProperty("tagName", "SPAN");
    await expect(chip).not.toHaveAttribute("href", /./);
    await expect(chip).toContainText("Box office");
    const style = (locator: typeof chip) =>
      locator.evaluate((element) => {
        const css = getComputedStyle(element);
        return { border: css.borderTopStyle, cursor: css.cursor, color: css.borderTopColor };
      });
    const bookable = page.locator('a[data-testid="time-chip"]').first();
    const [boxOffice, link] = [await style(chip), await style(bookable)];
    expect(boxOffice.border).toBe("dashed");
    expect(link.border).toBe("solid");
    expect(boxOffice.color).not.toBe(link.color);
    await chip.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("paris-box-office-phone.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await chip.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("paris-box-office-1280.png") });
    await expectNoSeriousAxeViolations(page, "/?city=Paris (box office chips)");
  });

  test("a cinema's page puts its times side by side", async ({ page }) => {
    await page.goto("/");
    await page.locator('[data-testid="cinema"] h4 a').first().click();
    await expect(page).toHaveURL(/\/cinemas\//);
    const rows = await page.locator('[data-testid="cinema-films"] .time-grid').evaluateAll((lists) =>
      lists.map((list) => [...list.querySelectorAll('[data-testid="time-chip"]')].map((chip) => Math.round(chip.getBoundingClientRect().top))),
    );
    const pair = rows.find((tops) => tops.length >= 2);
    expect(pair, "a film with two times").toBeTruthy();
    expect(new Set(pair!.slice(0, 2)).size, `two times on one row (${pair!.join(", ")})`).toBe(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages of films list every film of the day once, through plain links", async ({ page }) => {
    await page.goto("/");
    const total = await filmCount(page);
    const titles: string[] = [];
    for (let pages = 0; pages < 100; pages++) {
      titles.push(...(await filmTitles(page)).map((film) => film.title));
      const next = page.getByTestId("more-films");
      if ((await next.count()) === 0) break;
      await next.click();
      await expect(page.getByTestId("previous-films")).toBeVisible();
    }
    expect(titles).toHaveLength(total);
    expect(new Set(titles).size, "each film once").toBe(total);
  });
});
