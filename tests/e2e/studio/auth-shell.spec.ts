// The auth pages follow the locale cookie among the finished locales (those with a complete file in
// locales/; the public site offers only en and nl). A right-to-left locale (ar) has no file yet, so its
// cookie falls back to English, left to right; the direction rules are unit-tested (core/i18n).
// Their accessibility is checked with every axe rule in tests/e2e/a11y/axe.spec.ts.
import { expect, test } from "@playwright/test";

test("a locale cookie ar (not translated yet) gives English, ltr; nl gives Dutch", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "reeltime-locale", value: "ar", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await context.addCookies([{ name: "reeltime-locale", value: "nl", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "Inloggen" })).toBeVisible();
});
