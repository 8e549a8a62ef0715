// The global guard remembers the page asked for and brings the user back to exactly it after sign-in.
import { expect, test } from "@playwright/test";
import { signIn } from "./support.ts";

test("a signed-out visit to a guarded page comes back to it after sign-in, and the cookie is cleared", async ({
  page,
  context,
}) => {
  await page.goto("/studio/config/user-profiles?page=2");
  await expect(page).toHaveURL(/\/studio\/user\/login$/);
  expect((await context.cookies()).some((c) => c.name === "reeltime-redirect")).toBe(true);

  await signIn(page, "super admin");
  await expect(page).toHaveURL(/\/studio\/config\/user-profiles\?page=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === "reeltime-redirect")).toBe(false);
});

test("a client admin is refused platform pages with a 403 screen", async ({ page }) => {
  await page.goto("/studio/user/login");
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/studio$/);
  const response = await page.goto("/studio/config/clients");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});
