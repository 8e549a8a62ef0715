// The API reference at /api/docs: Scalar renders our document from our own origin only — no CDN, no
// fonts, no telemetry — within the page's own Content-Security-Policy.
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";

test("the API reference renders from our own origin only", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const failed: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
  });
  page.on("requestfailed", (request) =>
    failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`),
  );
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toMatch(/https?:\/\//);

  await expect(page.getByRole("heading", { name: "Reeltime API", exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("List showtimes").first()).toBeVisible();
  await page.getByText("List showtimes").first().click();
  await expect(page.getByText("near").first()).toBeVisible();
  // Not "networkidle": the reference may keep a connection busy; what it loads, it loads by "load".
  await page.waitForLoadState("load");
  await page.screenshot({ path: "test-results/api-docs.png", fullPage: false });

  expect(foreign, "requests to other origins").toEqual([]);
  expect(failed, "failed requests").toEqual([]);
  expect(
    problems.filter((text) => /Content Security Policy|Refused to/i.test(text)),
    "CSP violations",
  ).toEqual([]);
});

test("the bundle is ours, content-hashed and cached for good", async ({ page, request }) => {
  await page.goto("/api/docs");
  const src = await page.locator("script[src]").first().getAttribute("src");
  expect(src).toMatch(/^\/api\/docs\/scalar-[0-9a-f]{16}\.js$/);
  const bundle = await request.get(src!);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(bundle.headers()["content-type"]).toContain("javascript");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`axe finds no serious or critical violation in the reference (${colorScheme}), also with an operation open`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/api/docs");
    await expect(page.getByText("List showtimes").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${colorScheme}-mode\\b`));
    await expectNoSeriousAxeViolations(page, "the reference as it opens");
    await page.getByText("List showtimes").first().click();
    await expect(page.getByText("near").first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, "with List showtimes open");
  });
}
