// The first API call, as a new client admin makes it: a secret key created in the studio and copied
// from its one-time reveal, showtimes for Amsterdam from today with booking links and credit headers,
// the balance on the dashboard lower by the call's cost, and the call in /studio/stats within a minute.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "../studio/support.ts";

const KEY_NAME = "First call";

/** The big number of the stat labelled `label` (a <dl> with <dt>label</dt><dd>value</dd>). */
async function statValue(page: Page, label: string): Promise<number> {
  const text = await page
    .locator("dl", { has: page.locator("dt", { hasText: label }) })
    .locator("dd")
    .first()
    .innerText();
  return Number(text.replace(/[^\d-]/g, ""));
}

/** Today as the cinema's calendar day (the demo's Dutch cinemas; the listing day starts at 03:00). */
function amsterdamToday(): string {
  const shifted = new Date(Date.now() - 3 * 3600_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(shifted);
}

test("a client admin's first API call: key, showtimes, credits, statistics", async ({ page, request }) => {
  await signedInAs(page, "admin");
  await page.goto("/studio");
  const before = await statValue(page, "Credit balance");

  await page.goto("/studio/api-keys");
  await hydrated(page);
  await page.getByRole("button", { name: "New key" }).first().click();
  const form = page.getByRole("dialog", { name: "New API key" });
  await form.getByLabel("Name").fill(KEY_NAME);
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Copy your new key" });
  const key = await reveal.getByLabel(`Key “${KEY_NAME}”`).inputValue();
  expect(key).toMatch(/^rt_sk_[0-9A-Za-z]{32}$/);
  await reveal.getByRole("button", { name: "I have copied it" }).click();

  const res = await request.get(`/api/v1/showtimes?city=amsterdam&from=${amsterdamToday()}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    data: { booking_url: string | null; starts_at: string; time_zone: string; cinema: { city: string } }[];
  };
  expect(body.data.length).toBeGreaterThan(0);
  for (const showtime of body.data) {
    expect(showtime.cinema.city).toBe("Amsterdam");
    expect(showtime.time_zone).toBe("Europe/Amsterdam");
    expect(showtime.starts_at).toMatch(/T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    if (showtime.booking_url) expect(showtime.booking_url).toMatch(/^https?:\/\//);
  }
  expect(body.data.some((s) => s.booking_url)).toBe(true);
  const cost = Number(res.headers()["x-credits-cost"]);
  expect(cost).toBeGreaterThan(0);
  expect(Number(res.headers()["x-credits-remaining"])).toBeLessThanOrEqual(before - cost);

  // In a browser, another key on the same URL is never served this key's answer from the HTTP cache
  // (the answers are private, max-age=300, and vary on the key's headers).
  const statuses = await page.evaluate(async (secret) => {
    // A URL this browser has not asked for yet (unknown query parameters are refused with 400).
    const url = "/api/v1/countries?limit=3";
    const first = await fetch(url, { headers: { "X-API-Key": secret } });
    const other = await fetch(url, { headers: { "X-API-Key": `rt_sk_${"0".repeat(32)}` } });
    const bearer = await fetch(url, { headers: { Authorization: `Bearer rt_sk_${"1".repeat(32)}` } });
    return [first.status, other.status, bearer.status];
  }, key);
  expect(statuses).toEqual([200, 401, 401]);

  // The dashboard's balance follows the call (other specs may spend credits meanwhile: at least the cost).
  await page.goto("/studio");
  expect(await statValue(page, "Credit balance")).toBeLessThanOrEqual(before - cost);

  // The statistics show the calls within a minute, under this key: the showtimes, and the browser's
  // countries call above (the unknown keys' calls are nobody's).
  await page.goto("/studio/stats?days=7");
  await hydrated(page);
  const keyLabel = `${KEY_NAME} (${key.slice(0, 12)}…)`;
  const keySelect = page.getByLabel("Key", { exact: true });
  await keySelect.selectOption({ label: keyLabel });
  await expect(keySelect.locator("option:checked")).toHaveText(keyLabel);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/key=/);
  const keyFilter = new URL(page.url()).search;
  await expect
    .poll(
      async () => {
        await page.goto(`/studio/stats${keyFilter}`);
        return statValue(page, "Requests");
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(2);
});
