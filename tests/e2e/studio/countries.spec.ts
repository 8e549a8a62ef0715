// Countries and bundles end to end: a super admin edits a country (an unknown time zone is refused beside
// the field, a real one is saved), creates a bundle of two countries, edits and deletes it; a client
// admin is refused the page; axe finds nothing serious with the dialog open and an error shown, light
// and dark.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/config/countries";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const BUNDLE = `E2E Benelux ${RUN}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function openCountryEditor(page: Page, name: string) {
  await page.goto(`${PATH}?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit country" }).click();
  return page.getByRole("dialog", { name: `Edit ${name}` });
}

test("a super admin edits a country, and creates, edits and deletes a bundle", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    const dialog = await openCountryEditor(page, "Netherlands");
    await dialog.getByLabel("Time zone").fill("Mars/Base");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(
      dialog.getByText("Enter a real IANA time zone, for example Europe/Amsterdam."),
    ).toBeVisible();
    await expect(dialog.getByLabel("Time zone")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAxeViolations(page, `${PATH}, country dialog with an error (${mode})`);
  }

  // A real zone is saved, with a toast, and the table shows it.
  const dialog = await openCountryEditor(page, "Netherlands");
  await dialog.getByLabel("Time zone").fill("Europe/Amsterdam");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Netherlands saved.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Netherlands/ })).toContainText("Europe/Amsterdam");

  // Bundles: create one of two countries.
  await page.getByRole("link", { name: "Bundles" }).click();
  await expect(page).toHaveURL(/tab=bundles/);
  await hydrated(page);
  await page.getByRole("button", { name: "New bundle" }).first().click();
  const create = page.getByRole("dialog", { name: "New bundle" });
  await create.getByLabel("Name").fill(BUNDLE);
  await create.getByLabel("Description").fill("Made by the end-to-end test");
  await create.getByLabel("Price").fill("49.95");
  await create.getByRole("button", { name: "Create bundle" }).click();
  await expect(create.getByText("Choose at least one country.")).toBeVisible();
  await create.getByLabel(/^Netherlands \(NL/).check();
  await create.getByLabel(/^Belgium \(BE/).check();
  await create.getByRole("button", { name: "Create bundle" }).click();
  await expect(page.getByText(`Bundle ${BUNDLE} created.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(escape(BUNDLE)) });
  await expect(row).toContainText("€49.95");
  await expect(row).toContainText("BE, NL");

  // Edit it: another price.
  await row.getByRole("button", { name: `Actions for ${BUNDLE}` }).click();
  await page.getByRole("menuitem", { name: "Edit bundle" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${BUNDLE}` });
  await expect(edit.getByLabel(/^Netherlands \(NL/)).toBeChecked();
  await edit.getByLabel("Price").fill("59");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Bundle ${BUNDLE} saved.`)).toBeVisible();
  await expect(row).toContainText("€59.00");

  // Delete it (no client has access to it).
  await row.getByRole("button", { name: `Actions for ${BUNDLE}` }).click();
  await page.getByRole("menuitem", { name: "Delete bundle" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${BUNDLE}?` });
  await expect(confirm).toContainText("The countries themselves stay.");
  await confirm.getByRole("button", { name: "Delete bundle" }).click();
  await expect(page.getByText(`Bundle ${BUNDLE} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a client admin is refused the countries page", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});
