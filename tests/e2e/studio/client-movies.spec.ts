// Movies end to end. The catalogue browser: a search by title, a movie's drawer opened from the keyboard,
// closed with Escape (focus back on its link), axe light and dark with the drawer open. The demo client's
// movie page: its editor features two movies, swaps them with the arrows and hides one (which unfeatures
// it), then puts things back; its viewer sees the same list without any control.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { hydrated, signedInAs } from "./support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const CLIENT_MOVIES = "/studio/demo/movies";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the catalogue browser searches and opens a movie's drawer from the keyboard", async ({
  page,
  context,
  baseURL,
}) => {
  await signedInAs(page, "viewer");
  await page.goto("/studio/movies");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Search" }).fill("Mariupol");
  const link = page.getByRole("link", { name: "20 Days in Mariupol" });
  await expect(link).toBeVisible();
  await expect(page.getByRole("link", { name: "A Complete Unknown" })).toHaveCount(0);

  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await page.reload();
    await hydrated(page);
    await link.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "20 Days in Mariupol" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "Titles per language" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: /IMDb/ })).toBeVisible();
    await expect(page).toHaveURL(/movie=/);
    await expectNoSeriousAxeViolations(page, `/studio/movies, drawer open (${mode})`);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(link).toBeFocused();
    await expect(page).not.toHaveURL(/movie=/);
  }
});

/** The titles of the first `n` rows on the page that the client shows normally (neither featured nor hidden). */
async function plainTitles(page: Page, n: number): Promise<string[]> {
  const rows = page.getByRole("row").filter({ hasText: "Shown" });
  await expect(rows.first()).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; titles.length < n; i++) {
    const title = await rows.nth(i).locator("td").nth(1).locator("span.font-medium").textContent();
    if (title) titles.push(title);
  }
  return titles;
}

const rowOf = (page: Page, title: string) =>
  page.getByRole("row").filter({ has: page.getByText(new RegExp(`^${escape(title)}$`)) });

test("an editor features, orders and hides movies; a viewer sees no controls", async ({ browser }) => {
  const editor = await (await browser.newContext()).newPage();
  await signedInAs(editor, "editor");
  await editor.goto("/studio/demo");
  await editor.getByRole("link", { name: /Movies in your widget/ }).click();
  await expect(editor).toHaveURL(new RegExp(`${escape(CLIENT_MOVIES)}$`));
  await hydrated(editor);
  const [first, second] = await plainTitles(editor, 2);
  if (!first || !second) throw new Error("the demo client plays fewer than two movies");

  // Feature both: they come first, in the order featured.
  for (const title of [first, second]) {
    await rowOf(editor, title)
      .getByRole("button", { name: `Feature ${title}`, exact: true })
      .click();
    await expect(editor.getByText(`${title} is featured.`)).toBeVisible();
  }
  await editor.goto(`${CLIENT_MOVIES}?view=featured`);
  await hydrated(editor);
  const featuredTitles = () => editor.getByRole("row").locator("td:nth-child(2) span.font-medium");
  await expect(featuredTitles()).toHaveText([first, second]);

  // Move the second up with the keyboard: focus stays on the arrow as its row changes place.
  // Its tooltip shows on keyboard focus, describes the button while open, and Escape dismisses it.
  const up = editor.getByRole("button", { name: `Move ${second} up` });
  await up.focus();
  const tooltip = editor.getByRole("tooltip");
  await expect(tooltip).toHaveText(`Move ${second} up`);
  await expect(up).toHaveAttribute("aria-describedby", (await tooltip.getAttribute("id"))!);
  await editor.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
  await expect(up).toBeFocused();
  await editor.keyboard.press("Enter");
  await expect(editor.getByText(`${second} is now number 1.`)).toBeVisible();
  await expect(featuredTitles()).toHaveText([second, first]);
  const down = editor.getByRole("button", { name: `Move ${second} down` });
  await expect(down).toBeFocused();
  await expectNoSeriousAxeViolations(editor, `${CLIENT_MOVIES} as editor`);
  // And on hover.
  await editor.getByRole("button", { name: `Move ${first} up` }).hover();
  await expect(editor.getByRole("tooltip")).toHaveText(`Move ${first} up`);
  await editor.mouse.move(0, 0);

  // Hiding a featured movie unfeatures it.
  await rowOf(editor, second)
    .getByRole("button", { name: `Hide ${second}`, exact: true })
    .click();
  await expect(editor.getByText(`${second} is hidden from your widget.`)).toBeVisible();
  await expect(featuredTitles()).toHaveText([first]);
  await editor.goto(`${CLIENT_MOVIES}?view=hidden`);
  await expect(rowOf(editor, second)).toContainText("Hidden");

  // The viewer sees the same settings, and no control.
  const viewer = await (await browser.newContext()).newPage();
  await signedInAs(viewer, "viewer");
  await viewer.goto(`${CLIENT_MOVIES}?view=featured`);
  await hydrated(viewer);
  await expect(rowOf(viewer, first)).toContainText("Featured");
  await expect(viewer.getByRole("button", { name: /^(Feature|Unfeature|Hide|Show)\b/ })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Move / })).toHaveCount(0);

  // Put things back, so that the spec can run again on the same server.
  await hydrated(editor);
  await rowOf(editor, second)
    .getByRole("button", { name: `Show ${second}`, exact: true })
    .click();
  await expect(editor.getByText(`${second} is shown normally.`)).toBeVisible();
  await editor.goto(`${CLIENT_MOVIES}?view=featured`);
  await hydrated(editor);
  await rowOf(editor, first)
    .getByRole("button", { name: `Unfeature ${first}`, exact: true })
    .click();
  await expect(editor.getByText(`${first} is shown normally.`)).toBeVisible();
});
