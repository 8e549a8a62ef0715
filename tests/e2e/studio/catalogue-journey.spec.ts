// The catalogue end to end, as a new super admin would try it (issue 8, "Done when"): a poster uploaded
// from disk, a cinema with coordinates and a time zone, a movie with a Dutch title and that poster, a
// showtime for them, seen on the public home page for that city and day, cancelled and gone from it; the
// log page shows each step with its diff.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { hydrated, signedInAs } from "./support.ts";

/** Unique per run, so the spec also passes against a server it ran on before. */
const RUN = Date.now().toString(36);
const POSTER = `e2e-journey-poster-${RUN}.png`;
const CINEMA = `E2E Journey Filmhuis ${RUN}`;
const CITY = "Utrecht";
const MOVIE = `E2E Journey ${RUN}`;
const DUTCH = `E2E Reis ${RUN}`;
const TIME = "20:35";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The listing day after tomorrow in Utrecht (the home page's date strip covers it). */
function listingDay(): string {
  const shifted = new Date(Date.now() - 3 * 3600_000 + 2 * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(shifted);
}

/** Our cinema's time chips at TIME on the home page for the city and day. */
async function homeChips(page: Page, day: string) {
  // Every film of the day: a film with one showtime lists after the first screen's eight.
  await page.goto(`/?city=${CITY}&date=${day}&films=400`);
  return (
    page
      .getByTestId("cinema")
      .filter({ hasText: CINEMA })
      .getByTestId("time-chip")
      // the start time (a chip also shows when the film ends)
      .filter({ has: page.locator("time", { hasText: TIME }) })
  );
}

/** Types into a combobox and takes the first suggestion starting with `option`. */
async function choose(page: Page, combobox: ReturnType<Page["getByRole"]>, option: string) {
  const startsWith = new RegExp(`^${escape(option)}`);
  await combobox.fill(option);
  await page.getByRole("option", { name: startsWith }).first().click();
  await expect(combobox).toHaveValue(startsWith);
}

/** The newest audit row of `action` in the log page, its diff dialog open. */
async function newestDiff(page: Page, action: string) {
  await page.goto(`/studio/data/logs?q=${encodeURIComponent(action)}`);
  await hydrated(page);
  await page
    .getByRole("button", { name: `View changes of ${action}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: `Changes of ${action}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

let dir = "";
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "reeltime-journey-e2e-"));
  const seed = parseInt(RUN.slice(-6), 36);
  const background = { r: (seed >> 3) % 256, g: (seed >> 11) % 256, b: (seed >> 19) % 256 };
  await writeFile(
    path.join(dir, POSTER),
    await sharp({ create: { width: 400, height: 600, channels: 3, background } })
      .png()
      .toBuffer(),
  );
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("a super admin adds a cinema, a movie with a poster and a showtime, sees it on the home page, cancels it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const day = listingDay();
  await signedInAs(page, "super admin");

  // 1. The poster, uploaded from disk into the platform's library.
  await page.goto("/studio/assets");
  await hydrated(page);
  await page
    .getByLabel("Image")
    .and(page.locator('input[type="file"]'))
    .setInputFiles(path.join(dir, POSTER));
  await page.getByLabel("Used as").selectOption("poster");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText(`${POSTER} was added to the library.`)).toBeVisible();

  // 2. The cinema, with coordinates and a time zone.
  await page.goto("/studio/data/cinemas");
  await hydrated(page);
  await page.getByRole("button", { name: "New cinema" }).first().click();
  const cinema = page.getByRole("dialog", { name: "New cinema" });
  await cinema.getByLabel("Name").fill(CINEMA);
  await cinema.getByLabel("Slug").fill(`e2e-journey-${RUN}`);
  await cinema.getByLabel("City").fill(CITY);
  await cinema.getByLabel("Country").selectOption("NL");
  await cinema.getByLabel("Latitude").fill("52.0894");
  await cinema.getByLabel("Longitude").fill("5.1101");
  await cinema.getByLabel("Time zone").fill("Europe/Amsterdam");
  await cinema.getByRole("button", { name: "Add cinema" }).click();
  await expect(page.getByText(`Cinema ${CINEMA} added.`)).toBeVisible();

  // 3. The movie, with its Dutch title and the poster.
  await page.goto("/studio/data/movies");
  await hydrated(page);
  await page.getByRole("button", { name: "New movie" }).first().click();
  const movie = page.getByRole("dialog", { name: "New movie" });
  await movie.getByRole("textbox", { name: "Title", exact: true }).fill(MOVIE);
  await movie.getByLabel("Slug").fill(`e2e-journey-${RUN}`);
  await movie.getByLabel("Year").fill("2026");
  await expect(movie.getByRole("combobox", { name: "Language", exact: true }).first()).toHaveValue("nl");
  await movie.getByLabel("Title in this language").first().fill(DUTCH);
  await movie.getByLabel("Poster").selectOption({ label: POSTER });
  await movie.getByRole("button", { name: "Create movie" }).click();
  await expect(page.getByText(`${MOVIE} (2026) was added.`)).toBeVisible();
  // The catalogue browser shows it with its poster.
  await page.goto(`/studio/movies?q=${encodeURIComponent(MOVIE)}`);
  await hydrated(page);
  await page.getByRole("link", { name: MOVIE }).click();
  const drawer = page.getByRole("dialog", { name: MOVIE });
  await expect(drawer.getByRole("img", { name: `Poster of ${MOVIE}` })).toBeVisible();
  await expect(drawer).toContainText(DUTCH);

  // 4. A showtime for them, after tomorrow at TIME.
  await page.goto("/studio/data/showtimes");
  await hydrated(page);
  await page.getByRole("button", { name: "Add showtime" }).first().click();
  const add = page.getByRole("dialog", { name: "Add a showtime" });
  await choose(page, add.getByRole("combobox", { name: "Cinema" }), CINEMA);
  await choose(page, add.getByRole("combobox", { name: "Movie" }), MOVIE);
  await add.getByLabel("Listing day").fill(day);
  await add.getByLabel("Start time").fill(TIME);
  await add.getByRole("button", { name: "Add showtime" }).click();
  await expect(page.getByText(`Showtime added: ${MOVIE} at ${CINEMA}, ${day} ${TIME}.`)).toBeVisible();

  // 5. The public home page for Utrecht and that day lists it, under the movie's title.
  const chips = await homeChips(page, day);
  await expect(chips).toHaveCount(1);
  await expect(page.getByTestId("movie").filter({ hasText: MOVIE })).toContainText(CINEMA);

  // 6. Cancelled from the showtimes table (filtered to the cinema), it is gone from the home page.
  await page.goto(`/studio/data/showtimes?from=${day}&to=${day}`);
  await hydrated(page);
  const filters = page.getByRole("form", { name: "Filter showtimes" });
  await choose(page, filters.getByRole("combobox", { name: "Cinema" }), CINEMA);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]cinema=[0-9a-f-]{36}/);
  // The table shows the time in the interface language's format, on the cinema's clock: the row is found by
  // the film (the only showtime of the day at this new cinema).
  const row = page.getByRole("row", { name: new RegExp(MOVIE) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Cancel showtime" }).click();
  await page
    .getByRole("alertdialog", { name: "Cancel this showtime?" })
    .getByRole("button", { name: "Cancel showtime" })
    .click();
  await expect(page.getByText("1 showtime cancelled.")).toBeVisible();
  await expect(await homeChips(page, day)).toHaveCount(0);

  // 7. The log page shows each step with its diff.
  await expect(await newestDiff(page, "asset.upload")).toContainText(POSTER);
  await expect(await newestDiff(page, "catalog.cinema.create")).toContainText(CINEMA);
  const created = await newestDiff(page, "catalog.movie.create");
  await expect(created).toContainText(MOVIE);
  await expect(created).toContainText(DUTCH);
  await expect(await newestDiff(page, "catalog.showtime.create")).toContainText(MOVIE);
  const cancelled = await newestDiff(page, "catalog.showtime.cancel");
  await expect(cancelled.getByRole("row", { name: /status/ }).first()).toContainText(/scheduled.*cancelled/s);
});
