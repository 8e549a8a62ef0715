// Cinemas end to end: a super admin creates a cinema (latitude 123 and the time zone "Mars/Base" are
// refused beside their fields first; the booking template previews its link), edits it and closes it;
// a client admin is refused the page; axe finds nothing serious with the dialog open and errors shown,
// light and dark.
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/cinemas";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const NAME = `E2E Filmhuis ${RUN}`;
const RENAMED = `E2E Filmtheater ${RUN}`;
const SLUG = `e2e-filmhuis-${RUN}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a super admin creates a cinema, edits it and closes it", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await page.goto(PATH);
    await hydrated(page);
    await page.getByRole("button", { name: "New cinema" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New cinema" });
    await dialog.getByLabel("Name").fill(NAME);
    await dialog.getByLabel("Slug").fill(SLUG);
    await dialog.getByLabel("City").fill("Utrecht");
    await dialog.getByLabel("Country").selectOption("NL");
    await dialog.getByLabel("Latitude").fill("123");
    await dialog.getByLabel("Longitude").fill("5.1214");
    await dialog.getByLabel("Time zone").fill("Mars/Base");
    await dialog.getByRole("button", { name: "Add cinema" }).click();
    await expect(dialog.getByText("Enter a latitude between -90 and 90.")).toBeVisible();
    await expect(dialog.getByLabel("Latitude")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Enter an IANA time zone, for example Europe/Amsterdam.")).toBeVisible();
    await expect(dialog.getByLabel("Time zone")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAxeViolations(page, `${PATH}, cinema dialog with errors (${mode})`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // The refused values were typed in: leaving asks before throwing them away.
    await page
      .getByRole("alertdialog", { name: "Discard your changes?" })
      .getByRole("button", { name: "Discard changes" })
      .click();
    await expect(dialog).toBeHidden();
  }
  // Nothing was written by the refused attempts.
  await page.goto(`${PATH}?q=${encodeURIComponent(SLUG)}`);
  await expect(page.getByText("Nothing matches your search or filters.")).toBeVisible();

  // Fixed, with a booking template whose link is previewed (an unknown placeholder is named).
  await hydrated(page);
  await page.getByRole("button", { name: "New cinema" }).first().click();
  const create = page.getByRole("dialog", { name: "New cinema" });
  await create.getByLabel("Name").fill(NAME);
  await create.getByLabel("Slug").fill(SLUG);
  await create.getByLabel("City").fill("Utrecht");
  await create.getByLabel("Country").selectOption("NL");
  await create.getByLabel("Latitude").fill("52.0907");
  await create.getByLabel("Longitude").fill("5.1214");
  await create.getByLabel("Time zone").fill("Europe/Amsterdam");
  // The chain is chosen by typing part of its name (accents do not matter) and the keyboard.
  const chain = create.getByRole("combobox", { name: "Chain" });
  await chain.fill("cinevi");
  await expect(page.getByRole("option", { name: "Cinéville" })).toBeVisible();
  await chain.press("ArrowDown");
  await chain.press("ArrowUp");
  await chain.press("Enter");
  await expect(chain).toHaveValue("Cinéville");
  await expect(chain).toHaveAttribute("aria-expanded", "false");
  await create.getByLabel("Booking URL template").fill("https://tickets.example.nl/{film}");
  await create.getByRole("button", { name: "Add cinema" }).click();
  await expect(create.getByText(/Unknown placeholder \{film\}/)).toBeVisible();
  await create.getByLabel("Booking URL template").fill("https://tickets.example.nl/show/{source_ref}");
  await expect(create.getByTestId("booking-preview")).toContainText("https://tickets.example.nl/show/12345");
  await create.getByRole("button", { name: "Add cinema" }).click();
  await expect(page.getByText(`Cinema ${NAME} added.`)).toBeVisible();
  await expect(create).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(escape(NAME)) });
  await expect(row).toContainText("Europe/Amsterdam");
  await expect(row).toContainText("Cinéville");
  await expect(row).toContainText("Open");

  // Edit: a new name.
  await row.getByRole("button", { name: `Actions for ${NAME}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit cinema" });
  await expect(edit.getByLabel("Latitude")).toHaveValue("52.0907");
  await edit.getByLabel("Name").fill(RENAMED);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Cinema ${RENAMED} saved.`)).toBeVisible();
  const renamed = page.getByRole("row", { name: new RegExp(escape(RENAMED)) });
  await expect(renamed).toBeVisible();

  // Close it, after confirming.
  await renamed.getByRole("button", { name: `Actions for ${RENAMED}` }).click();
  await page.getByRole("menuitem", { name: "Close" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Close cinema ${RENAMED}?` });
  await confirm.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText(`Cinema ${RENAMED} closed.`)).toBeVisible();
  await expect(renamed).toContainText("Closed");
});

test("a client admin is refused the cinemas page", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});
