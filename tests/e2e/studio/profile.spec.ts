// /studio/user/profile in a real browser: each form shows its errors beside the fields, with and
// without JavaScript (the server validates the same schema and renders the page with the errors).
import { expect, test } from "@playwright/test";
import { demoAccount, signedInAs } from "./support.ts";

test.describe("profile forms", () => {
  test("with JavaScript: a wrong current password is shown beside the field", async ({ page }) => {
    await signedInAs(page, "editor");
    await page.goto("/studio/user/profile");
    const form = page.getByRole("form", { name: "Password" });
    await form.getByLabel("Current password").fill("not-the-password-1");
    await form.getByRole("textbox", { name: "New password", exact: true }).fill("a-new-password-2");
    await form.getByLabel("Repeat the new password").fill("a-new-password-2");
    await expect(form.getByLabel("Keep me signed in on my other devices")).not.toBeChecked();
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("That is not your current password.")).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the name form posts natively and shows the server's field error", async ({ page }) => {
      await signedInAs(page, "viewer");
      await page.goto("/studio/user/profile");
      const form = page.getByRole("form", { name: "Name" });
      await form.getByLabel("Display name").fill("x".repeat(101));
      await form.getByRole("button", { name: "Save name" }).click();
      await expect(
        page.getByRole("form", { name: "Name" }).getByText("Use at most 100 characters."),
      ).toBeVisible();
    });

    test("the e-mail form shows the server's field error beside the field", async ({ page }) => {
      await signedInAs(page, "viewer");
      await page.goto("/studio/user/profile");
      const form = page.getByRole("form", { name: "E-mail address" });
      await form.getByLabel("New e-mail address").fill(demoAccount("viewer").email);
      await form.getByRole("button", { name: "Change e-mail address" }).click();
      const answered = page.getByRole("form", { name: "E-mail address" });
      await expect(answered.getByText("This is already your e-mail address.")).toBeVisible();
      await expect(answered.getByLabel("New e-mail address")).toHaveAttribute("aria-invalid", "true");
    });
  });
});
