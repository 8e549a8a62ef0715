// The auth pages follow the locale cookie among the finished locales (all 53 of SPEC §9 have a complete
// file in locales/; the public site offers only en and nl). A right-to-left locale (ar) is Arabic, right to
// left; nl is Dutch. Every locale is rendered on the server in server/interface-locales.test.ts.
// Their accessibility is checked with every axe rule in tests/e2e/a11y/axe.spec.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

const arabic = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../locales/ar.json"), "utf8"),
) as Record<string, string>;

test("a locale cookie ar gives Arabic, right to left; nl gives Dutch, left to right", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "reeltime-locale", value: "ar", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: arabic["auth.login.title"]! })).toBeVisible();

  await context.addCookies([{ name: "reeltime-locale", value: "nl", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "Inloggen" })).toBeVisible();
});
