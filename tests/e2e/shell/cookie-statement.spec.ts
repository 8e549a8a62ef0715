// /cookieverklaring lists every cookie and storage key the product sets, with its
// purpose, lifetime and category, and lets the visitor change the analytics consent.
import { expect, test, type Page } from "@playwright/test";

const OUR_COOKIES = ["reeltime-locale", "reeltime-colour-mode", "reeltime-consent"];

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
  await page.getByRole("button", { name: "Refuse analytics" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText("You refused analytics. Nothing is measured.");
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
  await page.goto("/cookieverklaring");
  await expect(page.getByTestId("consent-state")).toHaveText(/not made a choice/);

  await page.getByRole("button", { name: "Allow analytics" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText("You allowed analytics.");
  expect((await context.cookies()).find((c) => c.name === "reeltime-consent")?.value).toBe("granted");

  await page.getByRole("button", { name: "Refuse analytics" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText("You refused analytics. Nothing is measured.");
  expect((await context.cookies()).find((c) => c.name === "reeltime-consent")?.value).toBe("denied");
});

test.describe("in Dutch", () => {
  test.use({ locale: "nl-NL" });

  test("lists the same cookies", async ({ page }) => {
    await page.goto("/cookieverklaring");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    for (const name of OUR_COOKIES) await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  });
});
