// /cookieverklaring lists every cookie and storage key the product sets, with its
// purpose, lifetime and category, and lets the visitor change the cookie consent.
import { expect, test, type Page } from "@playwright/test";

const OUR_COOKIES = ["reeltime-locale", "reeltime-colour-mode", "reeltime-consent"];

/** The consent settings on the page (the banner above the page offers the same buttons). */
const consentSettings = (page: Page) => page.getByRole("region", { name: "Your cookie choice" });

/** The rows of the cookie tables: name → the other cells (type, purpose, lifetime, category). */
async function listedEntries(page: Page) {
  const rows = await page
    .getByRole("row")
    .evaluateAll((trs) =>
      trs
        .map((tr) => [...tr.querySelectorAll("td, th")].map((cell) => cell.textContent?.trim() ?? ""))
        .filter((cells) => cells.length > 1),
    );
  return new Map(rows.map(([name = "", ...rest]) => [name, rest]));
}

test("lists the product's cookies with purpose, lifetime and category", async ({ page }) => {
  const response = await page.goto("/cookieverklaring");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie statement");

  const entries = await listedEntries(page);
  for (const name of OUR_COOKIES) {
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
    const cells = entries.get(name);
    expect(cells, `a row for ${name}`).toBeDefined();
    expect(cells?.length ?? 0, `${name}: type, purpose, lifetime, category`).toBeGreaterThanOrEqual(3);
    for (const cell of cells ?? []) expect(cell, `${name} has no empty cell`).not.toBe("");
  }
  // The locale cookie lasts 365 days.
  expect((entries.get("reeltime-locale") ?? []).join(" | ")).toMatch(/\b(1 year|365 days)\b/);
});

test("every cookie the site sets while it is used is on the list", async ({ page, context }) => {
  await page.goto("/cookieverklaring");
  await consentSettings(page).getByRole("button", { name: "Reject all" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText(
    "You rejected all optional cookies. Nothing is measured.",
  );
  await page
    .getByRole("group", { name: "Colour mode" })
    .getByRole("button", { name: "Dark", exact: true })
    .click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "nl Nederlands", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");

  const set = (await context.cookies()).map((c) => c.name);
  expect(set).toEqual(expect.arrayContaining(OUR_COOKIES));
  const listed = await listedEntries(page);
  for (const name of set) expect([...listed.keys()], `cookie ${name} is listed`).toContain(name);
});

test("the consent choice can be changed on the page", async ({ page, context }) => {
  // Accepting loads Google Tag Manager (the e2e server has an id): answered locally, never online.
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.goto("/cookieverklaring");
  await expect(page.getByTestId("consent-state")).toHaveText(/not made a choice/);

  await consentSettings(page).getByRole("button", { name: "Accept all" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText(
    "You accepted all cookies: analytics and marketing are on.",
  );
  expect((await context.cookies()).find((c) => c.name === "reeltime-consent")?.value).toBe("v1.a1.m1");

  await consentSettings(page).getByRole("button", { name: "Reject all" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText(
    "You rejected all optional cookies. Nothing is measured.",
  );
  expect((await context.cookies()).find((c) => c.name === "reeltime-consent")?.value).toBe("v1.a0.m0");
});

test.describe("in Dutch", () => {
  test.use({ locale: "nl-NL" });

  test("lists the same cookies", async ({ page }) => {
    await page.goto("/cookieverklaring");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    for (const name of OUR_COOKIES) await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  });
});
