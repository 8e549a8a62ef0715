// Missing links end to end, on the demo database's queue (server/seed-on-start.ts seeds a demo feed with
// unmatched titles and their waiting showtimes): a super admin links one title to its candidate and sees
// its showtimes show the movie on the showtimes page, creates a movie from another (the dialog prefilled
// from the title and its hints), sets a third aside as not a film and puts it back; a client admin is
// refused the page.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/missing-links";
const FEED = "Demo feed (Filmhuis)";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";

/** The demo feed's showtimes on the showtimes page (its default week). */
async function demoFeedShowtimes(page: Page) {
  await page.goto("/studio/data/showtimes");
  await hydrated(page);
  await page.getByLabel("Source", { exact: true }).selectOption({ label: FEED });
  await expect(page).toHaveURL(/[?&]source=[0-9a-f-]{36}/);
  return page.getByRole("table");
}

test("a super admin links a title, creates a movie from another and ignores a third", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");

  // Before: the feed's showtimes wait, unlinked, under the feed's own titles.
  let table = await demoFeedShowtimes(page);
  await expect(table.getByText("Anatomie d'une chute (OV)", { exact: true })).toBeVisible();
  await expect(table.getByText("ANATOMIE D'UNE CHUTE", { exact: true })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Anatomy of a Fall" })).toHaveCount(0);

  // The queue: most seen first, with source, waiting showtimes and ranked candidates.
  await page.goto(PATH);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Missing links", level: 1 })).toBeVisible();
  const anatomy = page.getByRole("row").filter({ hasText: "Anatomie d'une chute (OV)" });
  await expect(anatomy).toContainText(FEED);
  await expect(anatomy).toContainText("Anatomy of a Fall (2023)");
  await expect(anatomy).toContainText("74% match");

  // Link to the best candidate, from the keyboard.
  const link = anatomy.getByRole("button", {
    name: "Link “Anatomie d'une chute (OV)” to Anatomy of a Fall (2023)",
  });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByText("“Anatomie d'une chute (OV)” linked to Anatomy of a Fall (2023): 2 showtimes updated."),
  ).toBeVisible();
  await expect(anatomy).toHaveCount(0);

  // The waiting showtimes now show the movie.
  table = await demoFeedShowtimes(page);
  await expect(table.getByRole("cell", { name: "Anatomy of a Fall", exact: true })).toHaveCount(2);
  await expect(table.getByText("ANATOMIE D'UNE CHUTE", { exact: true })).toHaveCount(0);

  // Create a movie from a title nothing matched: the dialog is prefilled from the title and its hints.
  await page.goto(PATH);
  await hydrated(page);
  await page.getByRole("button", { name: "Actions for Sneak Preview: De Stille Kust" }).click();
  await page.getByRole("menuitem", { name: "Create movie" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a movie for “Sneak Preview: De Stille Kust”" });
  await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("De Stille Kust");
  await expect(dialog.getByLabel("Year")).toHaveValue("2026");
  await expect(dialog.getByLabel("Running time (minutes)")).toHaveValue("98");
  await expect(dialog.getByLabel("Original language")).toHaveValue("nl");
  await expectNoSeriousAxeViolations(page, `${PATH}, create movie dialog (light)`);
  await dialog.getByRole("button", { name: "Create movie" }).click();
  await expect(
    page.getByText(
      "De Stille Kust (2026) was created and “Sneak Preview: De Stille Kust” linked to it: 1 showtime updated.",
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Sneak Preview: De Stille Kust" })).toHaveCount(0);

  // Not a film: asked first, then set aside.
  await page.getByRole("button", { name: "Actions for Filmquiz met borrel" }).click();
  await page.getByRole("menuitem", { name: "Not a film" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Not a film?" });
  await confirm.getByRole("button", { name: "Not a film" }).click();
  await expect(page.getByText("1 title set aside as not a film.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Filmquiz met borrel" })).toHaveCount(0);

  // The resolved tab says what happened, and an ignored title goes back to the queue.
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "dark", url: baseURL! }]);
  await page.getByRole("link", { name: "Resolved" }).click();
  await expect(page).toHaveURL(/[?&]view=resolved/);
  await hydrated(page);
  await expect(page.getByRole("row").filter({ hasText: "Anatomie d'une chute (OV)" })).toContainText(
    "Anatomy of a Fall (2023)",
  );
  await expect(page.getByRole("row").filter({ hasText: "Sneak Preview: De Stille Kust" })).toContainText(
    "New movie",
  );
  const quiz = page.getByRole("row").filter({ hasText: "Filmquiz met borrel" });
  await expect(quiz).toContainText("Not a film");
  await expectNoSeriousAxeViolations(page, `${PATH}?view=resolved (dark)`);
  await quiz.getByRole("button", { name: "Back to the queue: Filmquiz met borrel" }).click();
  await expect(page.getByText("1 title is back in the queue.")).toBeVisible();
  await expect(quiz).toHaveCount(0);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Filmquiz met borrel" })).toBeVisible();
});

test("a client admin is refused the missing-links page", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});

test("at 1280 px the queue fits its area: titles and candidates wrap, no sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, "super admin");
  await page.goto(PATH);
  await hydrated(page);
  const table = page.getByRole("table").first();
  await expect(table.getByRole("button", { name: /^Link / }).first()).toBeVisible();
  const { table: tableWidth, area } = await table.evaluate((element) => ({
    table: element.scrollWidth,
    area: element.parentElement!.clientWidth,
  }));
  expect(tableWidth, `table ${tableWidth} px in an area of ${area} px`).toBeLessThanOrEqual(area);
});
