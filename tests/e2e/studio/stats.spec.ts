// /studio/stats and /studio/api-lookup in the browser, against the real server: API calls made with the
// demo client's key show up in the statistics (metered, flushed, counted), the charts have their words
// and tables, and the console calls the API from the browser with a pasted key and shows the answer.
import { expect, test, type Page } from "@playwright/test";
import { chooseConsoleKey, demoApiKey, signedInAs } from "./support.ts";

/** A secret-key-only operation the other specs leave alone, so its count here is ours. */
const OPERATION = "listChains";
const PATH = "/api/v1/chains";

/** The big number of the stats card labelled `label`. */
async function statValue(page: Page, label: string): Promise<number> {
  const text = await page
    .locator("dl", { has: page.locator("dt", { hasText: label }) })
    .locator("dd")
    .first()
    .innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

test.describe("/studio/stats", () => {
  test("counts real API calls within a minute, per day, operation and key", async ({ page, request }) => {
    const key = demoApiKey("secret");
    for (let i = 0; i < 3; i++) {
      const res = await request.get(`${PATH}?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await signedInAs(page, "viewer");
    const url = `/studio/stats?days=7&operation=${OPERATION}`;
    // The meter flushes every few seconds; the page shows what is flushed.
    await expect
      .poll(
        async () => {
          await page.goto(url);
          return statValue(page, "Requests");
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("heading", { name: "Requests and credits per day" })).toBeVisible();
    await expect(page.getByText(/requests? and \d+ credits? used in the last 7 days/)).toBeVisible();
    // The key's row: its name and prefix, never more of it.
    const byKey = page.locator("section#keys");
    await byKey.getByText("Show as table").click();
    await expect(byKey.getByRole("table")).toContainText("Demo server key");
    await expect(byKey.getByRole("table")).toContainText(key.slice(0, 12));
    await expect(page.locator("body")).not.toContainText(key.slice(12));
    // The period and filters live in the URL.
    await page.getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/days=30/);
    await expect(page).toHaveURL(new RegExp(`operation=${OPERATION}`));
    await expect(page.getByLabel("Operation", { exact: true })).toHaveValue(OPERATION);
  });

  test("opens each chart's table with the keyboard", async ({ page, request }) => {
    const key = demoApiKey("secret");
    const res = await request.get(`${PATH}?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
    await signedInAs(page, "viewer");
    await expect
      .poll(
        async () => {
          await page.goto("/studio/stats?days=90");
          return page.locator("details > summary").count();
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBeGreaterThan(0);
    const summary = page.locator("details > summary").first();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("details").first().getByRole("table")).toBeVisible();
    await expect(summary.getByText("Hide the table")).toBeVisible();
    await expect(summary.getByText("Show as table")).toBeHidden();
    // coverage of the demo client's countries
    await expect(page.getByRole("heading", { name: "Data coverage by country" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /Netherlands/ })).toBeVisible();
  });
});

test.describe("/studio/api-lookup", () => {
  test("calls the API from the browser with the pasted key and shows status, headers and body", async ({
    page,
  }) => {
    const key = demoApiKey("secret");
    // The key goes to the API only: never in a request to the studio.
    const leaks: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/api/v1/")) return;
      const sent = `${req.url()} ${JSON.stringify(req.headers())} ${req.postData() ?? ""}`;
      if (sent.includes(key)) leaks.push(req.url());
    });
    await signedInAs(page, "viewer");
    await page.goto("/studio/api-lookup");
    await chooseConsoleKey(page, `Demo server key (${key.slice(0, 12)}…, secret)`);
    // A value that is not the chosen key is refused in the browser.
    await page.getByLabel("Key value").fill("rt_sk_notthekey");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("This is not the chosen key")).toBeVisible();

    await page.getByLabel("Key value").fill(key);
    await page.getByLabel("Operation", { exact: true }).selectOption("listCinemas");
    await page.getByLabel(/^limit/).fill("2");
    await expect(page.getByTestId("console-url")).toContainText("/api/v1/cinemas?");
    await expect(page.getByTestId("console-curl")).toContainText(`Bearer ${key.slice(0, 12)}`);
    await expect(page.getByTestId("console-curl")).not.toContainText(key);
    await page.getByRole("button", { name: "Show the key in the command" }).click();
    await expect(page.getByTestId("console-curl")).toContainText(key);

    // From the keyboard: the focus is in a field of the form, Enter sends it.
    await page.getByLabel(/^limit/).press("Enter");
    await expect(page.getByTestId("console-status")).toHaveText("200");
    const headers = page.getByTestId("console-headers");
    for (const name of [
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "X-Credits-Cost",
      "X-Credits-Remaining",
      "ETag",
      "Cache-Control",
      "X-Request-Id",
    ]) {
      await expect(
        headers.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]"),
      ).not.toHaveText("not sent");
    }
    await expect(page.getByTestId("console-body")).toContainText('"data"');
    await expect(page.getByRole("heading", { name: "Response" })).toBeFocused();
    await expect(page.getByText(/^HTTP 200 in \d+ ms$/)).toBeAttached();

    // An error answer shows its problem body.
    await page.getByLabel(/^limit/).fill("100000");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("console-status")).toHaveText("400");
    await expect(page.getByTestId("console-problem")).toBeVisible();
    await expect(page.getByTestId("console-problem")).toContainText(/limit/);

    // The pasted value stays for this tab.
    await page.reload();
    await expect(page.getByLabel("Key value")).toHaveValue(key);
    expect(leaks).toEqual([]);
  });
});
