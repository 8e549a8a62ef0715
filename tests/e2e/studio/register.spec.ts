// A new visitor registers, confirms through the e-mail (over real SMTP) and lands in the studio.
import { expect, test } from "@playwright/test";
import { confirmLink, mailTo } from "./support.ts";

test("register, get refused before confirming, confirm by e-mail, sign in", async ({ page }) => {
  const email = `new.${Date.now()}@example.com`;
  const password = "popcorn and 2 tickets";

  await page.goto("/studio/user/register");
  await page.getByLabel("Name").fill("Nina New");
  await page.getByLabel("E-mail address").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // Not confirmed yet: refused, with the reason and a way to get a new link.
  await page.goto("/studio/user/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("Confirm your e-mail address first");
  await expect(page.getByRole("button", { name: "Send the confirmation e-mail again" })).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.html).toContain("/studio/user/confirm?type=email");
  await page.goto(confirmLink(mail.text));
  await expect(page).toHaveURL(/\/studio\?confirmed=1$/);
  await expect(page.getByRole("heading", { name: "Welcome, Nina New" })).toBeVisible();

  // Signed in: the sign-in page sends them on to the studio.
  await page.goto("/studio/user/login");
  await expect(page).toHaveURL(/\/studio$/);
});

test("an expired or used confirmation link says so and offers a new one", async ({ page }) => {
  const response = await page.goto("/studio/user/confirm?type=email&token=not-a-real-token-1234");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new confirmation e-mail" })).toBeVisible();
});
