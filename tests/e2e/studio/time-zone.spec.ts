// Issue 11 point 5: studio times are shown in the user's time zone — the browser's, kept in the profile
// so the server renders the same text — in one format that names the zone; the profile can change it.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

/** "Nov 25, 2026, 10:05 PM GMT+9": date, time and zone, in the interface language's one format. */
const ONE_FORMAT = (zone: string) =>
  new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M ${zone.replace("+", "\\+")}$`);

async function timesIn(page: Page) {
  return page.getByRole("main").locator("time").allTextContents();
}

test.use({ timezoneId: "Asia/Tokyo" });

test("times follow the browser's zone, kept in the profile, in one format with the zone named", async ({
  page,
}) => {
  await signedInAs(page, "viewer");
  await hydrated(page);

  // The first studio page keeps the browser's zone in the profile.
  await page.goto("/studio/user/profile");
  const zone = page.getByRole("main").getByLabel("Time zone");
  await expect(zone).toHaveValue("Asia/Tokyo");

  // Every time on the page, in one format, naming the zone — and the server sent the same text.
  const times = await timesIn(page);
  expect(times.length).toBeGreaterThan(0);
  for (const text of times) expect(text).toMatch(ONE_FORMAT("GMT+9"));
  const html = await (await page.request.get("/studio/user/profile")).text();
  expect(html).toContain(`>${times[0]}</time>`);

  // Another page uses the same format.
  await page.goto("/studio/api-keys");
  for (const text of await timesIn(page)) expect(text).toMatch(ONE_FORMAT("GMT+9"));

  // The profile changes the zone; the server renders in it from then on.
  await page.goto("/studio/user/profile");
  await hydrated(page);
  await page.getByRole("main").getByLabel("Time zone").selectOption("America/New_York");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your preferences have been saved.")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Time zone")).toHaveValue("America/New_York");
  const eastern = await (await page.request.get("/studio/user/profile")).text();
  expect(eastern).toMatch(/<time [^>]*>[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T<\/time>/);
  await page.reload();
  for (const text of await timesIn(page)) expect(text).toMatch(/ E[SD]T$/);
});
