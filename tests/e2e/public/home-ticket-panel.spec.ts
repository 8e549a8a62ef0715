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

test("the first screen lists a few films and a link shows more, without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Tomorrow, a whole day: late in the evening today's remaining films may fit on the first screen.
  await page.goto("/?city=Paris&when=tomorrow");
  const first = await page.getByTestId("movie").count();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(8);
  const more = page.getByTestId("more-films");
  // Up to eight more, fewer when the day has fewer films; the link lands on the first new one.
  await expect(more).toHaveAttribute("href", new RegExp(`[?&]films=\\d+#film-${first + 1}$`));
  const shown = Number(/[?&]films=(\d+)/.exec((await more.getAttribute("href")) ?? "")?.[1]);
  expect(shown).toBeGreaterThan(first);
  expect(shown).toBeLessThanOrEqual(first + 8);
  await more.click();
  await expect(page).toHaveURL(new RegExp(`films=${shown}`));
  await expect(page.getByTestId("movie")).toHaveCount(shown);
  await context.close();
});
