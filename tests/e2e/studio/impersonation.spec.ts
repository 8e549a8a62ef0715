// A super admin acts as a client from the clients page, sees its data and the banner, and stops.
import { expect, test } from "@playwright/test";
import { signedInAs } from "./support.ts";

test("impersonate a client and stop", async ({ page }) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/config/clients");
  await page.getByRole("link", { name: "Demo Cinema Guide" }).first().click();
  await page.getByRole("button", { name: /Act as this client/i }).click();

  await expect(page).toHaveURL(/\/studio\/demo$/);
  const banner = page.getByTestId("impersonation-banner");
  await expect(banner).toContainText("You are acting as Demo Cinema Guide.");
  await expect(page.getByTestId("members-table")).toContainText("client-admin@reeltime.test");

  // Every page acts as that client while the banner is there.
  await page.goto("/studio");
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "Stop impersonating" }).click();
  await expect(page.getByTestId("impersonation-banner")).toHaveCount(0);
});
