// A new visitor registers (name, address, terms), confirms through the e-mail (over real SMTP) by
// choosing the password, and signs in: the confirmation link itself signs in no one.
import { expect, test } from "@playwright/test";
import { confirmLink, mailTo } from "./support.ts";

test("register, confirm by choosing the password, then sign in", async ({ page }) => {
  const email = `new.${Date.now()}@example.com`;
  const password = "popcorn and 2 tickets";

  await page.goto("/studio/user/register");
  await page.getByLabel("Name").fill("Nina New");
  await page.getByLabel("E-mail address").fill(email);
  await expect(page.locator("input[name=password]")).toHaveCount(0);
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.html).toContain("/studio/user/confirm?type=email");
  await page.goto(confirmLink(mail.text));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(password);
  await page.getByLabel("Repeat the new password").fill(password);
  await page.getByRole("button", { name: "Confirm and set the password" }).click();
  // Confirmed, not signed in: the sign-in form says so and has the address already.
  await expect(page.getByRole("status")).toContainText(`${email} is confirmed`);
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
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
