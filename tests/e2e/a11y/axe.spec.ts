// Accessibility: axe (WCAG 2 A and AA rules) finds no serious or critical violation on the public
// pages, in light and in dark mode.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PAGES = [
  { path: "/", expectedStatus: 200 },
  { path: "/cookieverklaring", expectedStatus: 200 },
  { path: "/that-path", expectedStatus: 404 },
];
const MODES = ["light", "dark"] as const;

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    for (const { path, expectedStatus } of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: "reeltime-colour-mode", value: mode, url: baseURL ?? "" }]);
        const response = await page.goto(path);
        expect(response?.status()).toBe(expectedStatus);
        await page.waitForLoadState("load");
        if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        const report = blocking.map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
        }));
        expect(report, JSON.stringify(report, null, 2)).toEqual([]);
        // The check ran against a real page.
        expect(results.passes.length).toBeGreaterThan(0);
      });
    }
  });
}
