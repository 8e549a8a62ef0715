// Issue 11 point 8: a page number past the end shows the last page and says so, on every studio table
// (the shared data table); the sign-in page focuses its e-mail field and has a skip link.
import { expect, test } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

test("?page=99 shows the last page and says the asked page does not exist", async ({ page }) => {
  await signedInAs(page, "super admin");

  // One page of clients: page 99 is page 1, said out loud.
  await page.goto("/studio/config/clients?page=99");
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("Page 1 of 1");
  await expect(page.getByRole("status").filter({ hasText: "There is no page 99" })).toContainText(
    "showing the last page, 1",
  );
  await expect(page.getByRole("row").filter({ hasText: "Demo Cinema Guide" })).toBeVisible();

  // Many pages of movies: page 99 is the last one, with its rows.
  await page.goto("/studio/data/movies?page=99");
  const text =
    (await pager
      .locator("li")
      .filter({ hasText: /^Page \d+ of \d+$/ })
      .textContent()) ?? "";
  const [, shown, last] = /Page (\d+) of (\d+)/.exec(text) ?? [];
  expect(Number(last)).toBeGreaterThan(1);
  expect(shown).toBe(last);
  await expect(page.getByRole("status").filter({ hasText: "There is no page 99" })).toContainText(
    `showing the last page, ${last}`,
  );
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);

  // A page that exists says nothing of the kind.
  await page.goto("/studio/data/movies?page=2");
  await expect(pager).toContainText(`Page 2 of ${last}`);
  await expect(page.getByText(/There is no page/)).toHaveCount(0);
});

test("the sign-in page focuses the e-mail field and has a skip link to the form", async ({ page }) => {
  await page.goto("/studio/user/login");
  await hydrated(page);
  await expect(page.getByLabel("E-mail address")).toBeFocused();

  // The skip link is the page's first stop for the keyboard, shown when focused; it leads to the main area.
  const firstStop = await page.evaluate(
    () =>
      document.querySelector<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
      )?.textContent,
  );
  expect(firstStop).toBe("Skip to content");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeFocused();
});
