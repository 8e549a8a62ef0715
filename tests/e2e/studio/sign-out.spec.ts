// Signing out: other tabs follow, and a failed sign-out call still ends on the login screen.
import { expect, test } from "@playwright/test";
import { signedInAs } from "./support.ts";

test("signing out in one tab moves a second tab to the login screen", async ({ context }) => {
  const first = await context.newPage();
  await signedInAs(first, "viewer");
  const second = await context.newPage();
  await second.goto("/studio");
  await expect(second.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/studio\/user\/login(\?|$)/);
  // Within the 30-second re-check at the latest; the broadcast makes it immediate.
  await expect(second).toHaveURL(/\/studio\/user\/login$/, { timeout: 35_000 });
});

test("a failed sign-out call still resets and reaches the login screen", async ({ page }) => {
  await signedInAs(page, "editor");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.route("**/studio/user/logout", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/studio\/user\/login/);
  expect(errors.some((e) => e.includes("Sign-out failed"))).toBe(true);
});
