// /studio/data/cached-data in the browser, against the real server (memory cache: this instance's): a
// public API answer shows up as an entry, its hit after a second call, a purge by key removes it, a
// prefix purge says how many first; a client admin is refused the page.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoApiKey, hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/cached-data";
/** The columns before "Hits": key, namespace, size, age, time left. */
const HITS_COLUMN = 5;

async function callApi(request: APIRequestContext, q: string) {
  const res = await request.get(`/api/v1/cities?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${demoApiKey("secret")}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function search(page: Page, q: string) {
  await page.goto(`${PATH}?q=${encodeURIComponent(q)}`);
  await hydrated(page);
}

test("an API answer is listed with its hits, purged by key, and a prefix purge says how many", async ({
  page,
  request,
}) => {
  const unique = `cachetest-${randomUUID().slice(0, 8)}`;
  await callApi(request, unique);
  await signedInAs(page, "super admin");
  await search(page, unique);
  await expect(page.getByRole("heading", { name: "Cached data", level: 1 })).toBeVisible();
  await expect(page.getByText(/In the memory of this instance/)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(unique) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`listCities /api/v1/cities?q=${unique}`);
  await expect(row.getByRole("cell").nth(HITS_COLUMN)).toHaveText("0");

  // The second call is answered from the cache: a hit.
  await callApi(request, unique);
  await search(page, unique);
  await expect(row.getByRole("cell").nth(HITS_COLUMN)).toHaveText("1");

  // Purge it by its key, from the row's menu, with the keyboard.
  await row.getByRole("button", { name: /^Actions for / }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Purge" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Purge this entry?" });
  await confirm.getByRole("button", { name: "Purge" }).click();
  await expect(page.getByText(/^Purged “listCities /)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Nothing matches your search or filters.")).toBeVisible();

  // Two entries with one prefix: counted first, then purged.
  const prefix = `listCities /api/v1/cities?q=${unique}-`;
  await callApi(request, `${unique}-a`);
  await callApi(request, `${unique}-b`);
  await search(page, unique);
  await expect(page.getByRole("row", { name: new RegExp(unique) })).toHaveCount(2);
  await page.getByRole("button", { name: "Purge by prefix" }).click();
  const form = page.getByRole("dialog", { name: "Purge by prefix" });
  await form.getByRole("button", { name: "Count entries" }).click();
  await expect(form.getByLabel("Key prefix")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Key prefix").fill(`${prefix}nothing`);
  await form.getByRole("button", { name: "Count entries" }).click();
  await expect(form.getByText(/: nothing to purge\.$/)).toBeVisible();
  await form.getByLabel("Key prefix").fill(prefix);
  await form.getByRole("button", { name: "Count entries" }).click();
  const purge = page.getByRole("alertdialog", { name: "Purge 2 entries?" });
  await expect(purge).toContainText(prefix);
  await purge.getByRole("button", { name: "Purge 2 entries" }).click();
  await expect(page.getByText(`Purged 2 entries starting with “${prefix}”.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(unique) })).toHaveCount(0);
});

test("purging everything needs the typed word", async ({ page, request }) => {
  await callApi(request, `cachetest-${randomUUID().slice(0, 8)}`);
  await signedInAs(page, "super admin");
  await page.goto(PATH);
  await hydrated(page);
  await page.getByRole("button", { name: "Purge all" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Purge all cached data" });
  const word = dialog.getByLabel("Type “purge” to confirm");
  await word.fill("yes");
  await dialog.getByRole("button", { name: "Purge all" }).click();
  await expect(word).toHaveAttribute("aria-invalid", "true");
  await word.fill("purge");
  await dialog.getByRole("button", { name: "Purge all" }).click();
  await expect(page.getByText(/^Purged \d+ entr(y|ies)\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("a client admin is refused the page and does not see it in the menu", async ({ page }) => {
  await signedInAs(page, "admin");
  await expect(page.getByRole("link", { name: "Cached data" })).toHaveCount(0);
  const refused = await page.goto(PATH);
  expect(refused?.status()).toBe(403);
});
