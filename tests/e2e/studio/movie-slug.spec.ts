// Issue 25 (Why 6): "New movie" fills the slug from the title as it is typed, with the server's slugify,
// until the slug is edited by hand; emptied again, it follows the title again. Created, the movie keeps it.
import { expect, test } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const RUN = Date.now().toString(36);

test("the new movie's slug follows its title until it is edited by hand", async ({ page }) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/data/movies");
  await hydrated(page);
  await page.getByRole("button", { name: "New movie" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New movie" });
  const title = dialog.locator('input[name="title"]');
  const slug = dialog.locator('input[name="slug"]');

  await title.pressSequentially(`Amélie & Crêpes: ${RUN}`);
  // A new movie's slug may be left empty (the server derives it): the browser does not require it.
  await expect(slug).not.toHaveAttribute("required");
  await expect(slug).toHaveValue(`amelie-crepes-${RUN}`);

  await slug.fill(`my-own-${RUN}`);
  await title.press("End");
  await title.pressSequentially(" II");
  await expect(slug).toHaveValue(`my-own-${RUN}`);

  await slug.fill("");
  await title.press("End");
  await title.pressSequentially("I");
  await expect(slug).toHaveValue(`amelie-crepes-${RUN}-iii`);

  await dialog.getByRole("button", { name: "Create movie" }).click();
  await expect(page.getByText(`Amélie & Crêpes: ${RUN} III was added.`)).toBeVisible();
});
