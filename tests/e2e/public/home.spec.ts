// "/" server-renders what's on: city, a 14-day date strip, attribute filters,
// results grouped by movie then cinema, time chips linking to the cinema's booking page.
// The demo seed (first start of the fresh e2e database) generates 14 days starting today.
import { expect, test, type Page } from "@playwright/test";

const TIME_ZONE = "Europe/Amsterdam";
/** `?films=` asking for every film of the day on one page; a page holds 6 (FILMS_PER_PAGE). */
const ALL_FILMS = 400;
const LISTING_DAY_START_HOUR = 3;

/** The listing day (YYYY-MM-DD) an instant belongs to: a day runs from 03:00 to 03:00 local time. */
function listingDateOf(instant: Date | string | number, timeZone = TIME_ZONE) {
  const shifted = new Date(new Date(instant).getTime() - LISTING_DAY_START_HOUR * 3600_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(shifted);
}

function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function dateStrip(page: Page) {
  return page.getByRole("navigation", { name: "Choose a day" }).getByRole("link");
}

async function stripDates(page: Page) {
  const hrefs = await dateStrip(page).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new URL(href, "http://x").searchParams.get("date") ?? "");
}

async function selectedDate(page: Page) {
  const current = page.getByRole("navigation", { name: "Choose a day" }).locator('a[aria-current="date"]');
  await expect(current).toHaveCount(1);
  const href = (await current.getAttribute("href")) ?? "";
  return new URL(href, "http://x").searchParams.get("date") ?? "";
}

type Chip = {
  tag: string;
  href: string | null;
  target: string | null;
  rel: string | null;
  startsAt: string | null;
  availability: string | null;
  /** "box-office": no online booking (issue 25 point 2) */
  booking: string | null;
  /** its text ("14:50, Original version, Dutch subtitles, Seats available, …") */
  label: string;
  ariaLabel: string | null;
};

async function readChips(page: Page): Promise<Chip[]> {
  return page.getByTestId("time-chip").evaluateAll((elements) =>
    elements.map((el) => ({
      tag: el.tagName,
      href: el.getAttribute("href"),
      target: el.getAttribute("target"),
      rel: el.getAttribute("rel"),
      startsAt: el.querySelector("time")?.getAttribute("datetime") ?? null,
      availability: el.getAttribute("data-availability"),
      booking: el.getAttribute("data-booking"),
      label: el.textContent ?? "",
      ariaLabel: el.getAttribute("aria-label"),
    })),
  );
}

type Group = { title: string; cinemas: { heading: string; starts: string[] }[] };

/** The listing as the page groups it: movies, each with its cinemas, each with its time chips. */
async function readGroups(page: Page): Promise<Group[]> {
  return page.getByTestId("movie").evaluateAll((articles) =>
    articles.map((article) => ({
      title: article.querySelector("h1, h2, h3, h4, h5, h6")?.textContent?.trim() ?? "",
      cinemas: [...article.querySelectorAll('[data-testid="cinema"]')].map((cinema) => ({
        heading: cinema.querySelector("h1, h2, h3, h4, h5, h6")?.textContent?.trim() ?? "",
        starts: [...cinema.querySelectorAll('[data-testid="time-chip"] time')].map((t) => t.getAttribute("datetime") ?? ""),
      })),
    })),
  );
}

/** The showtimes the listed films have in all (each card shows its next few and counts them all). */
async function listedShowtimes(page: Page): Promise<number> {
  const counts = await page.getByTestId("movie").evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-showtimes"))));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The parts of a chip's accessible name: "14:50, Original version, Dutch subtitles, Seats available, …". */
const labelParts = (chip: Chip) => chip.label.split(",").map((part) => part.trim());

function expectBookableChips(chips: Chip[], date: string, baseURL: string) {
  expect(chips.length, "time chips on the page").toBeGreaterThan(0);
  for (const chip of chips) {
    expect(chip.startsAt, chip.label).toBeTruthy();
    expect(listingDateOf(chip.startsAt ?? ""), `${chip.label} starts on the chosen listing day`).toBe(date);
    // A sold-out show has nothing to book: it says so and is no link.
    if (chip.availability === "sold-out") {
      expect(chip.tag, `sold-out chip ${chip.label} is not a link`).toBe("SPAN");
      expect(chip.label).toContain("Sold out");
      continue;
    }
    // No booking link: no link either, and its name says where to buy.
    if (chip.booking === "box-office") {
      expect(chip.tag, `box-office chip ${chip.label} is not a link`).toBe("SPAN");
      expect(chip.ariaLabel ?? "").toMatch(/not bookable online: tickets at the box office$/);
      continue;
    }
    expect(chip.tag, `chip ${chip.label} is a link`).toBe("A");
    expect(chip.href ?? "", chip.label).toMatch(/^https?:\/\/[^/]+/);
    expect(new URL(chip.href ?? "").origin, "booking links lead to the cinema, not to us").not.toBe(new URL(baseURL).origin);
    expect(chip.target, chip.label).toBe("_blank");
    expect((chip.rel ?? "").split(/\s+/), chip.label).toContain("noopener");
  }
}

/** A filter option present on some, but not all, of the chips shown. */
async function narrowingFilter(page: Page, chips: Chip[]) {
  const options = await page.getByRole("checkbox").evaluateAll((inputs) =>
    inputs
      .filter((input): input is HTMLInputElement => input instanceof HTMLInputElement && input.name === "attr")
      .map((input) => ({ code: input.value, name: input.closest("label")?.textContent?.trim() ?? "" })),
  );
  expect(options.length, "attribute filters on the page").toBeGreaterThan(0);
  const ranked = options
    .map((option) => ({ ...option, count: chips.filter((chip) => labelParts(chip).includes(option.name)).length }))
    .filter((option) => option.count > 0 && option.count < chips.length)
    .sort((a, b) => b.count - a.count);
  const choice = ranked[0];
  expect(choice, `an attribute filter that narrows the ${chips.length} showtimes (options: ${JSON.stringify(options)})`).toBeTruthy();
  return choice!;
}

test.describe("home page", () => {
  test("lists today's showtimes in Amsterdam, grouped by movie then cinema, each linking to a booking page", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's on in Amsterdam");

    // The strip starts today; the page shows today unless today's listing is already over
    // (between the last show and 03:00), when it moves on to tomorrow.
    const today = listingDateOf(Date.now());
    const dates = await stripDates(page);
    expect(dates[0]).toBe(today);
    await expect(dateStrip(page).first()).toContainText("Today");
    const shown = await selectedDate(page);
    if (shown !== today) {
      expect(shown, "the listing moved on only because today's shows are over").toBe(addDays(today, 1));
      await page.goto(`/?city=Amsterdam&date=${today}`);
      await expect(page.getByTestId("time-chip")).toHaveCount(0);
      await page.goto("/");
    }

    const groups = await readGroups(page);
    expect(groups.length, "movies listed").toBeGreaterThan(0);
    const titles = groups.map((g) => g.title);
    expect(new Set(titles).size, `each movie appears once: ${titles.join(" | ")}`).toBe(titles.length);
    for (const group of groups) {
      expect(group.title, "movie title").not.toBe("");
      expect(group.cinemas.length, `${group.title} has cinemas`).toBeGreaterThan(0);
      const names = group.cinemas.map((c) => c.heading);
      expect(new Set(names).size, `each cinema appears once under ${group.title}`).toBe(names.length);
      for (const cinema of group.cinemas) {
        // A card names the cinema (its address is on the cinema's page).
        expect(cinema.heading, `${group.title}: a cinema's name`).not.toBe("");
        expect(cinema.starts.length, `${group.title} at ${cinema.heading} has times`).toBeGreaterThan(0);
        const sorted = [...cinema.starts].sort();
        expect(cinema.starts, `${group.title} at ${cinema.heading}: times in order`).toEqual(sorted);
      }
    }

    const chips = await readChips(page);
    expectBookableChips(chips, shown, baseURL ?? "");
    if (shown === today) {
      // Shows that started more than a quarter of an hour ago are gone.
      const earliest = Math.min(...chips.map((c) => Date.parse(c.startsAt ?? "")));
      expect(earliest).toBeGreaterThan(Date.now() - 30 * 60_000);
    }
  });

  test("the date strip has 14 days and choosing another day changes the listing", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(dateStrip(page)).toHaveCount(14);
    const dates = await stripDates(page);
    const today = listingDateOf(Date.now());
    expect(dates).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, i)));

    const before = await selectedDate(page);
    const beforeChips = await readChips(page);
    const target = addDays(before, 2);
    await dateStrip(page).nth(dates.indexOf(target)).click();

    await expect(page).toHaveURL(new RegExp(`[?&]date=${target}(&|$)`));
    await expect.poll(() => selectedDate(page)).toBe(target);
    await expect
      .poll(async () => (await readChips(page)).every((chip) => listingDateOf(chip.startsAt ?? "") === target))
      .toBe(true);
    const afterChips = await readChips(page);
    expectBookableChips(afterChips, target, baseURL ?? "");
    const beforeStarts = new Set(beforeChips.map((c) => c.startsAt));
    expect(afterChips.some((c) => beforeStarts.has(c.startsAt)), "no showtime of the other day remains").toBe(false);

    // The last day of the strip has showtimes too (the seed covers 14 days).
    await dateStrip(page).last().click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${dates[13]}(&|$)`));
    // Wait for the new day's listing itself, not just the URL (the old chips stay until it arrives).
    await expect
      .poll(async () => {
        const chips = await readChips(page);
        return chips.length > 0 && chips.every((chip) => listingDateOf(chip.startsAt ?? "") === dates[13]);
      })
      .toBe(true);
    expectBookableChips(await readChips(page), dates[13] ?? "", baseURL ?? "");
  });

  test("an attribute filter narrows the results, and clearing it brings them back", async ({ page, baseURL }) => {
    // Every film of the day (not only the first screen), so the counts before and after compare.
    await page.goto(`/?films=${ALL_FILMS}`);
    const date = await selectedDate(page);
    const all = await readChips(page);
    const total = await listedShowtimes(page);
    const filter = await narrowingFilter(page, all);

    await page.getByRole("checkbox", { name: filter.name, exact: true }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]attr=${encodeURIComponent(filter.code)}(&|$)`));
    await expect(page.getByRole("checkbox", { name: filter.name, exact: true })).toBeChecked();
    // The cards show a film's next times: the films' counts of times say what the filter left.
    await expect.poll(() => listedShowtimes(page)).toBeLessThan(total);
    const narrowed = await readChips(page);
    expect(narrowed.length).toBeGreaterThan(0);
    expectBookableChips(narrowed, date, baseURL ?? "");
    for (const chip of narrowed) expect(labelParts(chip), chip.label).toContain(filter.name);
    await expect.poll(() => selectedDate(page), { message: "the day is kept" }).toBe(date);

    await page.getByRole("checkbox", { name: filter.name, exact: true }).uncheck();
    await expect.poll(() => listedShowtimes(page)).toBe(total);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the listing, the date strip and the filters work as plain links and a GET form", async ({ page, baseURL }) => {
      const response = await page.goto(`/?films=${ALL_FILMS}`);
      expect(response?.status()).toBe(200);
      const date = await selectedDate(page);
      const all = await readChips(page);
      const total = await listedShowtimes(page);
      expectBookableChips(all, date, baseURL ?? "");

      const form = page.getByRole("form", { name: "Find showtimes" });
      await expect(form).toHaveAttribute("method", /^get$/i);

      // Filters: tick a box and submit the form.
      const filter = await narrowingFilter(page, all);
      await form.getByRole("checkbox", { name: filter.name, exact: true }).check();
      await form.getByRole("button", { name: "Show showtimes" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]attr=${encodeURIComponent(filter.code)}(&|$)`));
      const narrowed = await readChips(page);
      expect(narrowed.length).toBeGreaterThan(0);
      expect(await listedShowtimes(page)).toBeLessThan(total);
      for (const chip of narrowed) expect(labelParts(chip), chip.label).toContain(filter.name);
      expect(await selectedDate(page)).toBe(date);

      // Another day through the strip's plain links, keeping the filter.
      const next = addDays(date, 1);
      await dateStrip(page).nth((await stripDates(page)).indexOf(next)).click();
      await expect(page).toHaveURL(new RegExp(`[?&]date=${next}(&|$)`));
      expect(new URL(page.url()).searchParams.getAll("attr")).toEqual([filter.code]);
      expect(await selectedDate(page)).toBe(next);
      await expect(page.getByRole("checkbox", { name: filter.name, exact: true })).toBeChecked();
      for (const chip of await readChips(page)) {
        expect(labelParts(chip), chip.label).toContain(filter.name);
        expect(listingDateOf(chip.startsAt ?? "")).toBe(next);
      }
    });

    test("searching for another city shows that city's cinemas", async ({ page }) => {
      await page.goto("/");
      const form = page.getByRole("form", { name: "Find showtimes" });
      await form.getByLabel("City", { exact: true }).fill("Paris");
      await form.getByRole("button", { name: "Show showtimes" }).click();
      await expect(page).toHaveURL(/[?&]city=Paris(&|$)/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's on in Paris");
      const groups = await readGroups(page);
      expect(groups.length).toBeGreaterThan(0);
      // Paris's cinemas: each card's cinemas link to their pages, which say the city.
      const cinemaLink = page.getByTestId("cinema").first().locator("h4 a");
      await cinemaLink.click();
      await expect(page).toHaveURL(/\/cinemas\//);
      await expect(page.locator("main")).toContainText("Paris");
    });
  });
});
