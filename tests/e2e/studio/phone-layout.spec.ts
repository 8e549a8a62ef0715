// Issue 11.4: the studio on a 390 px phone. The navigation folds into a menu button (keyboard
// operable, aria-expanded, Escape closes it), the header is one row, tables stay inside their own
// box (the page never scrolls sideways) and dates in the members table do not wrap.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(
    widths.scroll,
    `${label}: page width ${widths.scroll} > viewport ${widths.inner}`,
  ).toBeLessThanOrEqual(widths.inner);
}

async function expectOneHeaderRow(page: Page) {
  const header = page.locator("header").first();
  const box = await header.boundingBox();
  // One row of 40 px controls plus its padding; two wrapped rows would be about twice that.
  expect(box?.height ?? 0).toBeLessThanOrEqual(72);
}

test("the navigation is a menu: aria-expanded, keyboard, Escape", async ({ page }) => {
  await signedInAs(page, "super admin");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Studio" });
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Clients" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // Following a link closes the menu.
  await menu.click();
  await nav.getByRole("link", { name: "Clients" }).click();
  await expect(page).toHaveURL(/\/studio\/config\/clients$/);
  await expect(nav).toBeHidden();
  await expectOneHeaderRow(page);
});

test("the members page does not scroll sideways and its dates stay on one line", async ({ page }) => {
  // The client admin: signing in gives their row a last sign-in date.
  await signedInAs(page, "admin");
  await page.goto("/studio/demo");
  await hydrated(page);
  await expect(page.getByTestId("members-table")).toBeVisible();
  await expectNoSidewaysScroll(page, "/studio/demo");
  await expectOneHeaderRow(page);
  const lastSignIn = page
    .getByTestId("members-table")
    .getByRole("row", { name: /Alex Admin/ })
    .locator("time");
  const lineHeight = await lastSignIn.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await lastSignIn.boundingBox())?.height ?? 0).toBeLessThanOrEqual(lineHeight * 1.5);
  await expectNoSeriousAxeViolations(page, "/studio/demo on a phone");
  await page.goto("/studio/api-keys");
  await hydrated(page);
  await expectNoSidewaysScroll(page, "/studio/api-keys");
});

test("list pages keep their tables inside; the open menu passes axe", async ({ page }) => {
  await signedInAs(page, "super admin");
  for (const path of ["/studio/config/clients", "/studio/config/user-profiles", "/studio/data/logs"]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator("main table").first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
    await expectOneHeaderRow(page);
  }
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "the open menu on a phone");
});
