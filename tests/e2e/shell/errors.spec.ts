// The error screen.
import { expect, test } from "@playwright/test";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test.describe("error screen", () => {
  test("an unknown path answers 404 with “Page not found: {path}”", async ({ page }) => {
    const response = await page.goto("/that-path");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /that-path");
    await expect(page.getByRole("link", { name: "Back to homepage" })).toBeVisible();
  });

  test("a nested unknown path names the whole path, not the query, and never shows details", async ({
    page,
  }) => {
    const response = await page.goto("/no/such/page?x=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
    const html = await page.content();
    expect(html).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/); // no stack frames
    expect(html).not.toContain("node_modules");
  });

  test("“Back to homepage” goes to /", async ({ page }) => {
    await page.goto("/that-path");
    await page.getByRole("link", { name: "Back to homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByTestId("error-status")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", /^(en|nl)/);
  });

  test("a crawler gets the 404 status with a bare body, not the error page", async ({ request }) => {
    const response = await request.get("/that-path", { headers: { "User-Agent": GOOGLEBOT } });
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body.length).toBeLessThan(200);
    expect(body.toLowerCase()).not.toContain("<html");
    expect(body).not.toContain("Page not found");
    expect(body).not.toContain("Back to homepage");
    expect(body).not.toContain("error-message");
  });

  test("a crawler still gets the real home page", async ({ request }) => {
    const response = await request.get("/", { headers: { "User-Agent": GOOGLEBOT } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/<html[^>]*\slang="(en|nl)"/);
  });

  test("the same unknown path for a browser is the full error page", async ({ page }) => {
    // page.request sends the browser context's (non-crawler) user agent.
    const response = await page.request.get("/that-path");
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body).toMatch(/<html[^>]*\slang="en"/);
    expect(body).toContain("Page not found: /that-path");
  });
});
