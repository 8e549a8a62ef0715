// Issue 11.1: a super admin acts for a client in one way only, impersonation, and the banner always
// says so: picking a client in the header switcher and opening /studio/{slug} both start it, and
// "No client (platform)" ends it, with no client role shown any more.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const switcherForm = (page: Page) => page.locator('header form[action="/studio/session/active-client"]');

test("picking a client in the switcher impersonates it; No client (platform) ends it", async ({ page }) => {
  await signedInAs(page, "super admin");
  await hydrated(page);
  const banner = page.getByTestId("impersonation-banner");
  await expect(banner).toHaveCount(0);

  await page.getByTestId("client-switcher").selectOption({ label: "Demo Cinema Guide" });
  await expect(banner).toContainText("You are acting as Demo Cinema Guide.");
  await expect(page.getByTestId("client-switcher").locator("option:checked")).toHaveText("Demo Cinema Guide");
  // Still acting as the client on the next page, as impersonation does.
  await page.goto("/studio/api-keys");
  await expect(banner).toBeVisible();

  await hydrated(page);
  await page.getByTestId("client-switcher").selectOption({ label: "No client (platform)" });
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId("client-switcher").locator("option:checked")).toHaveText(
    "No client (platform)",
  );
  await expect(switcherForm(page)).not.toContainText("Admin");
});

test("No client (platform) on a client's page leaves that page and shows no client role", async ({
  page,
}) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/demo");
  await hydrated(page);
  await expect(page.getByTestId("impersonation-banner")).toContainText(
    "You are acting as Demo Cinema Guide.",
  );
  await page.getByTestId("client-switcher").selectOption({ label: "No client (platform)" });
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByTestId("impersonation-banner")).toHaveCount(0);
  await expect(switcherForm(page)).not.toContainText("Admin");
});

test("opening /studio/{slug} as a super admin acts as that client, with the banner", async ({ page }) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/demo");
  const banner = page.getByTestId("impersonation-banner");
  await expect(banner).toContainText("You are acting as Demo Cinema Guide.");
  await expect(page.getByTestId("members-table")).toContainText("client-admin@reeltime.test");
  // The client's pages keep acting as it until the super admin stops.
  await page.goto("/studio/demo/movies");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Stop impersonating" }).click();
  await expect(page).toHaveURL(/\/studio\/config\/clients$/);
  await expect(banner).toHaveCount(0);
});

test("a client member's switcher still shows their own role", async ({ page }) => {
  await signedInAs(page, "editor");
  await expect(page.getByTestId("effective-client")).toContainText("Demo Cinema Guide");
  await expect(page.getByTestId("effective-client")).toContainText("Editor");
  await expect(page.getByTestId("impersonation-banner")).toHaveCount(0);
});
