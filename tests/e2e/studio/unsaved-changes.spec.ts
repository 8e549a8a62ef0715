// Unsaved changes: a dialog form that was edited asks before it closes (Escape, Cancel); keeping goes
// back to the form with the text still there, discarding closes it; an untouched form closes at once.
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/cinemas";

test("an edited dialog form asks before its changes are thrown away", async ({ page }) => {
  await signedInAs(page, "super admin");
  await page.goto(PATH);
  await hydrated(page);

  // Untouched: Escape closes without a question.
  await page.getByRole("button", { name: "New cinema" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New cinema" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The focus goes back to the button that opened it.
  await expect(page.getByRole("button", { name: "New cinema" }).first()).toBeFocused();

  await page.getByRole("button", { name: "New cinema" }).first().click();
  await dialog.getByLabel("Name").fill("Half-typed cinema");
  await page.keyboard.press("Escape");
  const prompt = page.getByRole("alertdialog", { name: "Discard your changes?" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await expectNoSeriousAxeViolations(page, `${PATH}, discard prompt`);
  await prompt.getByRole("button", { name: "Keep editing" }).click();
  await expect(prompt).toBeHidden();
  await expect(dialog.getByLabel("Name")).toHaveValue("Half-typed cinema");
  await expect(dialog.getByLabel("Name")).toBeFocused();

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Discard changes" }).click();
  await expect(prompt).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "New cinema" }).first()).toBeFocused();

  // Opened again, the form is fresh and closes without a question.
  await page.getByRole("button", { name: "New cinema" }).first().click();
  await expect(dialog.getByLabel("Name")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
