// Movies end to end: a super admin is refused an empty title and IMDb "tt12" beside their fields (nothing
// is written), creates a movie with a Dutch title and a second one, adds an alias to the second and edits
// it, then merges it into the first with the movie picker: the alias follows, the merge is on the logs
// page, the merged movie's edit link leads to the survivor and the public API answers 404 for it. Axe
// finds nothing serious with the dialog open and errors shown, light and dark.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { demoApiKey, hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/movies";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const SURVIVOR = `E2E Zonnebloem ${RUN}`;
const DUTCH = `E2E De Zonnebloem ${RUN}`;
const DUPLICATE = `E2E Sunflower ${RUN}`;
const IMDB = `tt${String(Date.now()).slice(-8)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function openNew(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: "New movie" }).first().click();
  return page.getByRole("dialog", { name: "New movie" });
}

async function rowAction(page: Page, title: string, action: string) {
  const row = page.getByRole("row", { name: new RegExp(escape(title)) });
  await row.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test("a super admin creates, edits and merges movies", async ({ page, context, baseURL, request }) => {
  // Two passes of the invalid form with axe, two creations, an edit and a merge: a long walk.
  test.setTimeout(120_000);
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await page.goto(PATH);
    const dialog = await openNew(page);
    await dialog.getByLabel("Slug").fill(`e2e-zonnebloem-${RUN}`);
    await dialog.getByLabel("IMDb id").fill("tt12");
    await dialog.getByRole("button", { name: "Create movie" }).click();
    await expect(dialog.getByText("Enter the movie's title.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(dialog.getByText("An IMDb id is “tt” and 7 or 8 digits, such as tt15239678.")).toBeVisible();
    await expect(dialog.getByLabel("IMDb id")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAxeViolations(page, `${PATH}, movie dialog with errors (${mode})`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  }
  // Nothing was written by the refused attempts.
  await page.goto(`${PATH}?q=${encodeURIComponent(`zonnebloem ${RUN}`)}`);
  await expect(page.getByText("Nothing matches your search or filters.")).toBeVisible();

  // The survivor: a Dutch title in the first language row (Dutch is offered first).
  const create = await openNew(page);
  await create.getByRole("textbox", { name: "Title", exact: true }).fill(SURVIVOR);
  await create.getByLabel("Slug").fill(`e2e-zonnebloem-${RUN}`);
  await create.getByLabel("Year").fill("2024");
  await create.getByLabel("IMDb id").fill(IMDB);
  await expect(create.getByRole("combobox", { name: "Language", exact: true }).first()).toHaveValue("nl");
  await create.getByLabel("Title in this language").first().fill(DUTCH);
  await create.getByRole("button", { name: "Create movie" }).click();
  await expect(page.getByText(`${SURVIVOR} (2024) was added.`)).toBeVisible();
  await expect(create).toBeHidden();
  await page.goto(`${PATH}?q=${encodeURIComponent(RUN)}`);
  await expect(page.getByRole("row", { name: new RegExp(escape(SURVIVOR)) })).toContainText(DUTCH);

  // The duplicate, found by the feed under another title.
  const second = await openNew(page);
  await second.getByRole("textbox", { name: "Title", exact: true }).fill(DUPLICATE);
  await second.getByLabel("Slug").fill(`e2e-sunflower-${RUN}`);
  await second.getByRole("button", { name: "Create movie" }).click();
  await expect(page.getByText(`${DUPLICATE} was added.`)).toBeVisible();

  // Edit it: an alias as a feed writes the title, then a year.
  await hydrated(page);
  await rowAction(page, DUPLICATE, "Edit");
  const edit = page.getByRole("dialog", { name: `Edit ${DUPLICATE}` });
  await expect(edit).toBeVisible();
  const duplicateId = new URL(page.url()).searchParams.get("movie")!;
  await edit.getByLabel("Feed title").fill(`${DUPLICATE} (OV) 3D`);
  await edit.getByRole("button", { name: "Add alias" }).click();
  const alias = `e2e sunflower ${RUN}`;
  await expect(page.getByText(`Alias “${alias}” added.`)).toBeVisible();
  await expect(edit.getByRole("button", { name: `Remove alias ${alias}` })).toBeVisible();
  await edit.getByLabel("Year").fill("2024");
  await edit.getByRole("button", { name: "Save movie" }).click();
  await expect(page.getByText(`${DUPLICATE} (2024) was saved.`)).toBeVisible();
  await expect(edit).toBeHidden();

  const key = demoApiKey("secret");
  const api = (id: string) =>
    request.get(`/api/v1/movies/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  expect((await api(duplicateId)).status()).toBe(200);

  // Merge it into the survivor, picked by typing part of its title.
  await rowAction(page, DUPLICATE, "Merge into another movie");
  const merge = page.getByRole("dialog", { name: `Merge ${DUPLICATE} (2024)` });
  await merge.getByRole("combobox", { name: "Movie to keep" }).fill(`Zonnebloem ${RUN}`);
  // The suggestions float above the dialog (a popover), so they are found on the page.
  await page.getByRole("option", { name: new RegExp(escape(`${SURVIVOR} (2024)`)) }).click();
  await merge.getByRole("button", { name: "Merge movies" }).click();
  await expect(
    page.getByText(`${DUPLICATE} (2024) was merged into ${SURVIVOR} (2024): 0 showtimes and 1 alias moved.`),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(escape(DUPLICATE)) })).toHaveCount(0);
  expect((await api(duplicateId)).status()).toBe(404);

  // The merged movie's edit link opens the survivor, which now has the alias.
  await page.goto(`${PATH}?movie=${duplicateId}`);
  await hydrated(page);
  await expect(page).not.toHaveURL(new RegExp(duplicateId));
  const survivor = page.getByRole("dialog", { name: `Edit ${SURVIVOR} (2024)` });
  await expect(survivor.getByRole("button", { name: `Remove alias ${alias}` })).toBeVisible();

  // The logs page shows the merge.
  await page.goto(`/studio/data/logs?q=catalog.movie.merge`);
  await expect(page.getByRole("row", { name: /catalog\.movie\.merge/ }).first()).toBeVisible();
});

test("a client admin is refused the movies page", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});
