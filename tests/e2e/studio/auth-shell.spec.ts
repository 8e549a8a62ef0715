// The auth pages follow the locale cookie among all locales (the public site offers only en and nl),
// and axe finds no serious or critical violation on the auth and studio pages.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signedInAs } from "./support.ts";

test("a locale cookie ar gives the login page dir=rtl; nl gives Dutch", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "reeltime-locale", value: "ar", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  await context.addCookies([{ name: "reeltime-locale", value: "nl", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "Inloggen" })).toBeVisible();
});

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

for (const path of [
  "/studio/user/login",
  "/studio/user/register",
  "/studio/user/confirm?type=email&token=expired-token-0000",
]) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

for (const path of ["/studio", "/studio/user/profile"]) {
  test(`axe: ${path} signed in`, async ({ page }) => {
    await signedInAs(page, "admin");
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}
