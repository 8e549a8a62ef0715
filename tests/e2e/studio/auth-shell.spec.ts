// The auth pages follow the locale cookie among all locales (the public site offers only en and nl).
// Their accessibility is checked with every axe rule in tests/e2e/a11y/axe.spec.ts.
import { expect, test } from "@playwright/test";

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
