// "/" loads the widget's script and stylesheet: its time chips are booking links until the widget is
// ready, then a click opens the widget's ticket panel (issue 10). The listing shows a first screen of
// films (at most 8, within a budget of showtimes); the rest are a plain link away.
import { expect, test } from "@playwright/test";

test("without the widget script a chip is the cinema's booking link", async ({ page }) => {
  await page.route(/\/widget\/v1\/reeltime\.[0-9a-f]{10}\.js$/, (route) => route.abort());
  await page.goto("/?city=Paris");
  const chip = page.locator("a[data-reeltime-ticket]").first();
  await expect(chip).toHaveAttribute("target", "_blank");
  const popup = page.waitForEvent("popup");
  await chip.click();
  expect(new URL((await popup).url()).origin).not.toBe(new URL(page.url()).origin);
});

test("once the widget is ready a chip opens its ticket panel; Escape returns to the chip", async ({ page }) => {
  await page.addInitScript(() => {
    const counted = window as unknown as { readyEvents: number };
    counted.readyEvents = 0;
    window.addEventListener("reeltime-ready", () => (counted.readyEvents += 1));
  });
  await page.goto("/?city=Paris");
  await expect.poll(() => page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);

  const chip = page.locator("a[data-reeltime-ticket]").first();
  const title = (await chip.getAttribute("data-title"))!;
  const cinema = (await chip.getAttribute("data-cinema"))!;
  const href = (await chip.getAttribute("href"))!;
  await chip.click();
  const dialog = page.locator("[data-reeltime-dialog]").getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  // A chip whose link is only the cinema's site (no deep link to the show) says so in the panel too.
  const atSite = (await chip.getAttribute("data-booking")) === "site";
  const book = dialog.getByRole("link", { name: atSite ? "Book at the cinema's site" : `Book at ${cinema}` });
  await expect(book).toHaveAttribute("href", href);
  await expect(book).toHaveAttribute("target", "_blank");
  expect(new URL(href).searchParams.get("utm_source")).toBeTruthy();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(chip).toBeFocused();
});

test("the films come a page at a time, the next and previous pages plain links, without JavaScript too", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Tomorrow, a whole day: Paris has more films than a page holds.
  await page.goto("/?city=Paris&when=tomorrow");
  const first = await page.getByTestId("movie").allTextContents();
  expect(first).toHaveLength(6);
  await expect(page.getByTestId("films-page")).toHaveText(/^Films 1–6 of \d+$/);
  await expect(page.getByTestId("previous-films")).toHaveCount(0);
  const more = page.getByTestId("more-films");
  await expect(more).toHaveAttribute("href", /[?&]page=2(&|$)/);
  await expect(more).toHaveAttribute("href", /[?&]when=tomorrow(&|$)/);
  await more.click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByTestId("films-page")).toHaveText(/^Films 7–\d+ of \d+$/);
  const second = await page.getByTestId("movie").allTextContents();
  expect(second.length).toBeGreaterThan(0);
  for (const film of second) expect(first, "no film on both pages").not.toContain(film);
  await page.getByTestId("previous-films").click();
  await expect(page.getByTestId("movie")).toHaveCount(6);
  expect(await page.getByTestId("movie").allTextContents()).toEqual(first);
  await context.close();
});
