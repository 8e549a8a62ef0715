// Search that forgives (issue 25 point 4): the home page's film field suggests films and cinemas while
// typing, typos forgiven, as a keyboard- and screen-reader-usable combobox; without JavaScript the same
// form answers with a results page, and "nothing found" is neutral with the nearest titles.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";

/** The film field once the page is hydrated (it becomes a combobox only then). */
async function searchBox(page: Page) {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Film", exact: true });
  await expect(box).toBeVisible();
  return box;
}

test("a visitor types “Wicekd”, picks Wicked from the suggestions with the keyboard, and lands on it", async ({
  page,
}) => {
  const box = await searchBox(page);
  await box.click();
  await box.pressSequentially("Wicekd");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id")) ?? "");
  const first = list.getByRole("option").first();
  await expect(first).toContainText("Wicked");
  await expect(first).toContainText("Film");
  // Screen readers hear how many there are.
  const count = await list.getByRole("option").count();
  await expect(page.getByRole("status").filter({ hasText: /suggestions?, use the arrow keys/ })).toHaveText(
    `${count} ${count === 1 ? "suggestion" : "suggestions"}, use the arrow keys to choose`,
  );

  await page.keyboard.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await expect(box).toBeFocused();
  await expectNoSeriousAxeViolations(page, "home page with the search suggestions open");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/films\/wicked(\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wicked");
});

test("Escape closes the suggestions and keeps the text; a cinema is suggested too", async ({ page }) => {
  const box = await searchBox(page);
  await box.click();
  await box.pressSequentially("tuschinksi");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  const option = list.getByRole("option", { name: /Pathé Tuschinski/ });
  await expect(option).toContainText("Cinema · Amsterdam");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("tuschinksi");
  // Arrow down opens them again; Enter opens the cinema's page.
  await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cinemas\/pathe-tuschinski(\?|$)/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form answers with a results page, and a neutral “nothing found” with the nearest titles", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Find showtimes" });
    await form.getByLabel("Film", { exact: true }).fill("Pahte");
    await form.getByRole("button", { name: "Show showtimes" }).click();
    const results = page.getByTestId("film-matches");
    await expect(results).toContainText("Cinemas matching “Pahte”:");
    await expect(results.getByRole("link", { name: "Pathé Tuschinski" })).toHaveAttribute(
      "href",
      /^\/cinemas\/pathe-tuschinski/,
    );

    await form.getByLabel("Film", { exact: true }).fill("Wickedness Forever");
    await form.getByRole("button", { name: "Show showtimes" }).click();
    await expect(results).toContainText("Nothing found for “Wickedness Forever”.");
    await expect(results).toContainText("Did you mean:");
    await results.getByRole("link", { name: "Wicked", exact: true }).click();
    await expect(page).toHaveURL(/\/films\/wicked(\?|$)/);
  });
});
