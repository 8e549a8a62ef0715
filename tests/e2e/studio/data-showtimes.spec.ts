// Showtimes end to end: a super admin filters by listing days (a reversed range is refused at the field)
// and cinema, adds a showtime (bad values refused beside their fields first, nothing written), finds it
// on the public home page for that city and day, cancels it (it is gone from the home page), re-attributes
// it to another movie, and cancels two at once; axe finds nothing serious with the dialog open and errors shown, light and dark.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { demoApiKey, hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/showtimes";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
/** A demo cinema with a name of its own, in a city no other spec lists. */
const CINEMA = "Kijkhuis";
const CITY = "Leiden";
/** An odd minute no demo showtime starts at, unique per run (so a rerun on the same server adds its own). */
const RUN = Date.now();
const TIME = `10:${String(1 + (Math.floor(RUN / 1000) % 29) * 2).padStart(2, "0")}`;

/** A row's checkbox ("Select Dune, Kijkhuis, …"), not the header's "Select all rows on this page". */
const ROW_BOX = /^Select (?!all rows)/;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The listing day two days from now in Leiden (the home page's date strip has 14). */
function listingDay(): string {
  const shifted = new Date(Date.now() - 3 * 3600_000);
  return addDays(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(shifted), 2);
}

/** The time chips of the demo cinema on the home page for Leiden and that day, at TIME. */
async function homeChipsAtTime(page: Page, day: string) {
  await page.goto(`/?city=${CITY}&date=${day}`);
  return (
    page
      .getByTestId("cinema")
      .filter({ hasText: CINEMA })
      .getByTestId("time-chip")
      // the start time (a chip also shows when the film ends)
      .filter({ has: page.locator("time", { hasText: TIME }) })
  );
}

async function closeDialog(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  const discard = page.getByRole("alertdialog", { name: "Discard your changes?" });
  if (await discard.isVisible()) await discard.getByRole("button", { name: "Discard changes" }).click();
  await expect(dialog).toBeHidden();
}

/** Types into a combobox and takes the first suggestion starting with `option` (movies add their year). */
async function choose(combobox: ReturnType<Page["getByRole"]>, page: Page, text: string, option: string) {
  const startsWith = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  await combobox.fill(text);
  await expect(page.getByRole("option", { name: startsWith }).first()).toBeVisible();
  await combobox.press("Enter");
  await expect(combobox).toHaveValue(startsWith);
}

/** The table's row of the showtime starting on `day` at TIME: the cell shows the time in the interface
 * language; its <time> element holds the cinema's local time machine-readably. */
function rowStartingAt(page: Page, day: string) {
  return page.getByRole("row").filter({ has: page.locator(`time[datetime^="${day}T${TIME}"]`) });
}

test("a super admin filters, adds a showtime seen on the home page, and cancels showtimes", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const day = listingDay();
  // Two movies playing in the Netherlands, from the public API (the demo key); the movie picker finds them.
  const api = await request.get("/api/v1/movies?country=NL&limit=20", {
    headers: { Authorization: `Bearer ${demoApiKey("secret")}` },
  });
  expect(api.status(), await api.text()).toBe(200);
  const movies = ((await api.json()) as { data: { id: string; title: string }[] }).data;
  // The longest title: typing it finds that movie first.
  const [movie, other] = [...movies].sort((a, b) => b.title.length - a.title.length) as [
    (typeof movies)[number],
    (typeof movies)[number],
  ];

  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "light", url: baseURL! }]);
  await signedInAs(page, "super admin");
  expect(await (await homeChipsAtTime(page, day)).count()).toBe(0);

  // Filter: a reversed range is refused beside the last day, then the day and the cinema.
  await page.goto(PATH);
  await hydrated(page);
  const filters = page.getByRole("form", { name: "Filter showtimes" });
  await filters.getByLabel("From").fill(day);
  await filters.getByRole("textbox", { name: "To", exact: true }).fill(addDays(day, -1));
  await expect(filters.getByText("The last day cannot be before the first.")).toBeVisible();
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).not.toHaveURL(/[?&]from=/);
  await filters.getByRole("textbox", { name: "To", exact: true }).fill(day);
  await choose(filters.getByRole("combobox", { name: "Cinema" }), page, CINEMA, CINEMA);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${day}&to=${day}`));
  await expect(page).toHaveURL(/[?&]cinema=[0-9a-f-]{36}/);
  const filtered = page.url();
  const rows = page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: ROW_BOX }) });
  await expect(rows.first()).toContainText(CINEMA);
  expect(await rows.filter({ hasNotText: CINEMA }).count()).toBe(0);
  await expect(rowStartingAt(page, day)).toHaveCount(0);

  // Add: bad values are refused beside their fields first, light and dark, with axe.
  for (const mode of ["light", "dark"] as const) {
    await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL! }]);
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Add showtime" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a showtime" });
    await dialog.getByLabel("Booking link").fill("http://tickets.example.nl/1");
    await dialog.getByLabel("Subtitle languages").fill("dutch");
    await dialog.getByLabel("Lowest price").fill("abc");
    // Submitted from the keyboard: a click would first blur the price, whose message then moves the button.
    await dialog.getByLabel("Lowest price").press("Enter");
    await expect(dialog.getByText("Choose a cinema.")).toBeVisible();
    await expect(dialog.getByText("Choose a movie.")).toBeVisible();
    await expect(dialog.getByText("Enter a full link starting with https://.")).toBeVisible();
    await expect(dialog.getByLabel("Booking link")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Use two-letter language codes, such as en or nl.")).toBeVisible();
    await expect(dialog.getByText("Enter an amount such as 9.50.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${PATH}, add dialog with errors (${mode})`);
    await closeDialog(page, dialog);
  }
  // Nothing was written.
  await page.reload();
  await expect(rowStartingAt(page, day)).toHaveCount(0);

  await hydrated(page);
  await page.getByRole("button", { name: "Add showtime" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a showtime" });
  await choose(dialog.getByRole("combobox", { name: "Cinema" }), page, CINEMA, CINEMA);
  await choose(dialog.getByRole("combobox", { name: "Movie" }), page, movie.title, movie.title);
  await dialog.getByLabel("Listing day").fill(day);
  await dialog.getByLabel("Start time").fill(TIME);
  await dialog.getByLabel("Booking link").fill("https://tickets.example.nl/1");
  await dialog.getByLabel("Subtitle languages").fill("nl");
  await dialog.getByLabel("Lowest price").fill("9.50");
  await dialog.getByLabel("Currency").fill("EUR");
  await dialog.getByRole("button", { name: "Add showtime" }).click();
  await expect(page.getByText(`Showtime added: ${movie.title} at ${CINEMA}, ${day} ${TIME}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = rowStartingAt(page, day);
  await expect(added).toHaveCount(1);
  await expect(added).toContainText("Added by hand");
  await expect(added).toContainText("Scheduled");

  // The public home page for Leiden and that day lists it.
  await expect(await homeChipsAtTime(page, day)).toHaveCount(1);

  // Cancel it from its row's menu: it leaves the home page at once.
  await page.goto(filtered);
  await hydrated(page);
  await added.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Cancel showtime" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this showtime?" });
  await confirm.getByRole("button", { name: "Cancel showtime" }).click();
  await expect(page.getByText("1 showtime cancelled.")).toBeVisible();
  await expect(added).toContainText("Cancelled");
  await expect(await homeChipsAtTime(page, day)).toHaveCount(0);

  // Re-attribute it to another movie from its row's menu.
  await page.goto(filtered);
  await hydrated(page);
  await added.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Re-attribute to movie…" }).click();
  const reattribute = page.getByRole("dialog", { name: "Re-attribute 1 showtime" });
  await choose(reattribute.getByRole("combobox", { name: "Movie" }), page, other.title, other.title);
  await reattribute.getByRole("button", { name: "Re-attribute" }).click();
  await expect(page.getByText(`1 showtime now of ${other.title}.`)).toBeVisible();
  await expect(reattribute).toBeHidden();
  await expect(added).toContainText(other.title);

  // Cancel two at once: the first two scheduled showtimes of that cinema and day.
  await page.goto(`${filtered}&status=scheduled`);
  await hydrated(page);
  const boxes = page.getByRole("checkbox", { name: ROW_BOX });
  await expect(boxes.first()).toBeVisible();
  const names = [
    (await boxes.nth(0).getAttribute("aria-label")) ?? "",
    (await boxes.nth(1).getAttribute("aria-label")) ?? "",
  ];
  const countOf = (name: string) => page.getByRole("checkbox", { name, exact: true }).count();
  const before = await Promise.all(names.map(countOf));
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page
    .getByRole("group", { name: "Actions for the selected rows" })
    .getByRole("button", { name: "Cancel", exact: true })
    .click();
  const bulk = page.getByRole("alertdialog", { name: "Cancel 2 showtimes?" });
  await bulk.getByRole("button", { name: "Cancel showtimes" }).click();
  await expect(page.getByText("2 showtimes cancelled.")).toBeVisible();
  await expect(bulk).toBeHidden();
  // Only scheduled ones are listed: the two are gone (the same name twice, then both of it).
  const gone = names[0] === names[1] ? [2, 2] : [1, 1];
  for (const [i, name] of names.entries())
    await expect(page.getByRole("checkbox", { name, exact: true })).toHaveCount(
      Math.max(0, before[i]! - gone[i]!),
    );
});

test("a client admin is refused the showtimes page", async ({ page }) => {
  await signedInAs(page, "admin");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("You do not have access to this page.");
});
