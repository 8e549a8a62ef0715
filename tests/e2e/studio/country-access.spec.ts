// Country access end to end: a super admin chooses the demo client, grants it a country with dates (an
// end before the start is refused beside the field first), changes the dates and revokes the grant; a
// client admin reads the grants without controls; axe finds nothing serious with the dialog open and an
// error shown, light and dark.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/country-access";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const CLIENT = "Demo Cinema Guide";
/**
 * A catalogue country the demo client has no grant of (it gets those with cinemas: DK, FR, NL). The demo
 * catalogue disables countries without cinemas, so the grant shows but adds nothing to today's list.
 */
const COUNTRY = "Slovenia";

async function chooseDemoClient(page: Page) {
  await page.goto(PATH);
  await hydrated(page);
  await page.getByLabel("Client", { exact: true }).selectOption({ label: CLIENT });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/clientId=/);
  await hydrated(page);
}

async function openGrantDialog(page: Page) {
  await page.getByRole("button", { name: "Grant access" }).first().click();
  return page.getByRole("dialog", { name: `Grant access to ${CLIENT}` });
}

test("a super admin grants the demo client a country, changes the dates and revokes it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await chooseDemoClient(page);
    const dialog = await openGrantDialog(page);
    await dialog.getByLabel("Country or bundle").selectOption("country:SI");
    await dialog.getByRole("textbox", { name: "From", exact: true }).fill("2026-03-10");
    await dialog.getByRole("textbox", { name: "Until", exact: true }).fill("2026-03-01");
    await dialog.getByRole("button", { name: "Grant", exact: true }).click();
    await expect(dialog.getByText("The end date cannot be before the start date.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Until", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoSeriousAxeViolations(page, `${PATH}, grant dialog with an error (${mode})`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // The refused values were typed in: leaving asks before throwing them away.
    await page
      .getByRole("alertdialog", { name: "Discard your changes?" })
      .getByRole("button", { name: "Discard changes" })
      .click();
    await expect(dialog).toBeHidden();
  }

  // A valid window is granted: the row is active and the country is the client's today.
  const dialog = await openGrantDialog(page);
  await dialog.getByLabel("Country or bundle").selectOption("country:SI");
  await dialog.getByRole("textbox", { name: "From", exact: true }).fill("2026-01-01");
  await dialog.getByRole("textbox", { name: "Until", exact: true }).fill("2099-12-31");
  await dialog.getByRole("button", { name: "Grant", exact: true }).click();
  await expect(page.getByText("Access granted.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(COUNTRY) });
  // Days read in the interface language; the machine-readable day is on the <time> element.
  await expect(row.locator('time[datetime="2026-01-01"]')).toBeVisible();
  await expect(row.locator('time[datetime="2099-12-31"]')).toBeVisible();
  await expect(row).toContainText("Active");
  const today = page.getByRole("list", { name: "Countries granted today" });
  await expect(today).toHaveText("DKFRNL");

  // Change the dates: it ended in January.
  await row.getByRole("button", { name: `Actions for ${COUNTRY}` }).click();
  await page.getByRole("menuitem", { name: "Change dates" }).click();
  const edit = page.getByRole("dialog", { name: `Dates of ${COUNTRY}` });
  await expect(edit.getByRole("textbox", { name: "From", exact: true })).toHaveValue("2026-01-01");
  await edit.getByRole("textbox", { name: "Until", exact: true }).fill("2026-01-31");
  await edit.getByRole("button", { name: "Save dates" }).click();
  await expect(page.getByText("Dates saved.")).toBeVisible();
  await expect(row).toContainText("Expired");

  // Revoke it after confirming.
  await row.getByRole("button", { name: `Actions for ${COUNTRY}` }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke access to ${COUNTRY}?` });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Access revoked.")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a client admin reads the demo client's grants without controls", async ({ page }) => {
  await signedInAs(page, "admin");
  await page.goto(PATH);
  await hydrated(page);
  await expect(page.getByRole("row", { name: /Netherlands/ })).toContainText("Active");
  await expect(page.getByRole("list", { name: "Countries granted today" })).toContainText("NL");
  await expect(page.getByRole("button", { name: "Grant access" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
  await expect(page.getByLabel("Client", { exact: true })).toHaveCount(0);
});
