// /studio/data/tools in the browser, against the real server and its worker: the migrations and table
// sizes show, an analyze runs as a job and is seen completing (the page refreshes while jobs run), a
// CSV export of the movies downloads, the purge waits for its typed word; a client admin is refused.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const PATH = "/studio/data/tools";

async function openTools(page: Page) {
  await signedInAs(page, "super admin");
  await page.goto(PATH);
  await hydrated(page);
}

const jobsTable = (page: Page) => page.getByRole("table", { name: "Recent background jobs" });

test("shows the migrations and the tables with their sizes", async ({ page }) => {
  await openTools(page);
  await expect(page.getByRole("heading", { name: "Data tools", level: 1 })).toBeVisible();
  const migrations = page.getByRole("list", { name: "Migrations" });
  await expect(migrations.getByRole("listitem").filter({ hasText: "0008_tools" })).toContainText("Applied");
  await expect(page.getByText(/migrations applied, none pending\./)).toBeVisible();
  const tables = page.getByRole("table", { name: "Tables with their size and rows" });
  await expect(tables.getByRole("row", { name: /^movies / })).toBeVisible();
  await expect(tables.getByRole("row", { name: /^exports / })).toBeVisible();
});

test("runs analyze and sees it complete", async ({ page }) => {
  await openTools(page);
  const form = page.locator("form").filter({ has: page.getByLabel("Operation") });
  await form.getByLabel("Operation").selectOption("analyze");
  await form.getByLabel("Table").selectOption("movies");
  await form.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("The job was started. Follow it under Recent jobs.")).toBeVisible();
  const row = jobsTable(page)
    .getByRole("row", { name: /Vacuum \/ analyze/ })
    .first();
  // No reload: the page reads the jobs again while one runs.
  await expect(row).toContainText("Completed", { timeout: 30_000 });
  await expect(row).toContainText("1 table done.");
  await expect(row).toContainText("100%");
});

test("exports the movies as CSV and downloads the file", async ({ page }) => {
  await openTools(page);
  const form = page.locator("form").filter({ has: page.getByLabel("Format") });
  await form.getByLabel("Data").selectOption("movies");
  await form.getByLabel("Format").selectOption("csv");
  await form.getByRole("button", { name: "Export" }).click();
  const row = jobsTable(page)
    .getByRole("row", { name: /Export/ })
    .first();
  await expect(row).toContainText("Completed", { timeout: 30_000 });
  await expect(row).toContainText(/\d+ rows exported\./);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: "Download file" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reeltime-movies-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const [header, first] = text.split("\r\n");
  expect(header).toMatch(/^id,title,original_title,slug,year,/);
  expect(header).not.toMatch(/password|secret|token/);
  expect(first).toMatch(/^[0-9a-f-]{36},/);
});

test("the purge is refused until the word is typed", async ({ page }) => {
  await openTools(page);
  await page.getByRole("button", { name: "Purge…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Purge old showtimes?" });
  // Nothing this old: the purge runs, and deletes nothing another test needs.
  await dialog.getByLabel("Older than (days)").fill("36500");
  const word = dialog.getByLabel("Type PURGE to confirm");
  await word.fill("purge");
  await dialog.getByRole("button", { name: "Purge showtimes" }).click();
  await expect(word).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Type PURGE to confirm.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await word.fill("PURGE");
  await dialog.getByRole("button", { name: "Purge showtimes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The job was started. Follow it under Recent jobs.")).toBeVisible();
  const row = jobsTable(page)
    .getByRole("row", { name: /Purge old showtimes/ })
    .first();
  await expect(row).toContainText("Completed", { timeout: 30_000 });
  await expect(row).toContainText("0 showtimes deleted.");
});

test("a client admin is refused the page and does not see it in the menu", async ({ page }) => {
  await signedInAs(page, "admin");
  await expect(page.getByRole("link", { name: "Data tools" })).toHaveCount(0);
  const refused = await page.goto(PATH);
  expect(refused?.status()).toBe(403);
});
