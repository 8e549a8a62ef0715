// Accessibility of a client's studio pages, as the demo client admin and as the super admin acting as the
// demo client, in their states: see axe.spec.ts for what the check covers.
import { expect, type Page } from "@playwright/test";
import {
  clientDetailPath,
  DEMO_CLIENT_SLUG,
  describeAxeChecks,
  openDialog,
  submitAndShowErrors,
  type PageCase,
  type Visitor,
} from "./axe-pages.ts";
import { chooseConsoleKey, demoApiKey, hydrated } from "../studio/support.ts";

const CLIENT_ADMIN: Visitor = { name: "the demo client admin", role: "admin" };
const IMPERSONATING: Visitor = {
  name: "the demo super admin acting as the demo client",
  role: "super admin",
  prepare: async (page) => {
    await page.goto(await clientDetailPath(page));
    await page.getByRole("button", { name: /Act as this client/i }).click();
    await expect(page.getByTestId("impersonation-banner")).toBeVisible();
  },
};

/**
 * Calls the API with the demo key so the stats page has charts (the meter flushes within seconds),
 * then opens every "Show as table" disclosure.
 */
async function chartsWithTables(page: Page) {
  const key = demoApiKey("secret");
  for (let i = 0; i < 2; i++) {
    const res = await page.request.get("/api/v1/attributes", { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  }
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator("details > summary").count();
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThan(0);
  for (const summary of await page.locator("details > summary").all()) await summary.click();
  await expect(page.locator("details[open]").first()).toBeVisible();
}

/** /studio/stats and /studio/api-lookup as a client sees them, in their states. */
const STATS_PAGES: PageCase[] = [
  { path: "/studio/stats" },
  {
    path: "/studio/stats?days=90",
    label: "/studio/stats (90 days, every table shown)",
    reach: chartsWithTables,
  },
  { path: "/studio/stats?days=7&operation=listChanges", label: "/studio/stats (filters matching nothing)" },
  { path: "/studio/stats", narrow: true, label: "/studio/stats (narrow screen)" },
  { path: "/studio/api-lookup" },
  {
    path: "/studio/api-lookup",
    label: "/studio/api-lookup (an answer shown)",
    reach: async (page) => {
      const key = demoApiKey("secret");
      await chooseConsoleKey(page, `Demo server key (${key.slice(0, 12)}…, secret)`);
      await page.getByLabel("Key value").fill(key);
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page.getByTestId("console-status")).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    path: "/studio/api-lookup",
    label: "/studio/api-lookup (a wrong key refused)",
    reach: async (page) => {
      await hydrated(page);
      await page.getByLabel("Key value").fill("rt_sk_wrong");
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
    },
  },
  { path: "/studio/api-lookup", narrow: true, label: "/studio/api-lookup (narrow screen)" },
  // The widget guide (its live preview with the widget in it: tests/e2e/studio/documentation.spec.ts).
  { path: "/studio/documentation" },
  { path: "/studio/documentation", narrow: true, label: "/studio/documentation (narrow screen)" },
];

const CLIENT_ADMIN_PAGES: PageCase[] = [
  { path: "/studio" },
  { path: "/studio/user/profile" },
  {
    path: "/studio",
    label: "/studio (request credits dialog)",
    reach: (page) => openDialog(page, (p) => p.getByRole("button", { name: "Request credits" }).click()),
  },
  { path: `/studio/${DEMO_CLIENT_SLUG}` },
  {
    path: `/studio/${DEMO_CLIENT_SLUG}`,
    narrow: true,
    label: `/studio/${DEMO_CLIENT_SLUG} (narrow screen)`,
  },
  // API keys and domains.
  { path: "/studio/api-keys" },
  { path: "/studio/api-keys?new=1", label: "/studio/api-keys (new key dialog)" },
  {
    path: "/studio/api-keys?new=1",
    label: "/studio/api-keys (new key dialog, empty form submitted)",
    reach: (page) => submitAndShowErrors(page, "Create key"),
  },
  {
    path: "/studio/api-keys?new=1",
    label: "/studio/api-keys (a new key revealed once)",
    reach: async (page) => {
      const dialog = page.getByRole("dialog", { name: "New API key" });
      await dialog.getByRole("textbox", { name: "Name" }).fill("axe check");
      await dialog.getByRole("button", { name: "Create key" }).click();
      await expect(page.getByRole("dialog", { name: "Copy your new key" })).toBeVisible();
    },
  },
  {
    path: "/studio/api-keys",
    label: "/studio/api-keys (rotate dialog)",
    reach: async (page) => {
      await page.getByRole("button", { name: "Actions for Demo server key" }).click();
      await page.getByRole("menuitem", { name: "Rotate" }).click();
      await expect(page.getByRole("dialog", { name: "Rotate Demo server key" })).toBeVisible();
    },
  },
  {
    path: "/studio/api-keys",
    label: "/studio/api-keys (revoke confirmation)",
    reach: async (page) => {
      await page.getByRole("button", { name: "Actions for Demo widget key" }).click();
      await page.getByRole("menuitem", { name: "Revoke" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  { path: "/studio/api-keys", narrow: true, label: "/studio/api-keys (narrow screen)" },
  { path: "/studio/domains" },
  {
    path: "/studio/domains",
    label: "/studio/domains (a refused domain)",
    reach: async (page) => {
      await page.getByRole("textbox", { name: "Domain" }).fill("example.nl:8080");
      await page.getByRole("button", { name: "Add domain", exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    path: "/studio/domains",
    label: "/studio/domains (remove confirmation)",
    reach: async (page) => {
      await page.getByRole("button", { name: "Remove localhost" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  { path: "/studio/domains", narrow: true, label: "/studio/domains (narrow screen)" },
  // The catalogue pages a client user has.
  { path: "/studio/data/attributes" },
  { path: "/studio/data/cinema-chains" },
  { path: "/studio/data/country-access" },
  { path: "/studio/movies" },
  {
    path: "/studio/movies?q=dune",
    label: "/studio/movies (a movie's drawer open)",
    reach: async (page) => {
      await page.getByRole("link", { name: "Dune: Part Two" }).click();
      await expect(page.getByRole("dialog", { name: "Dune: Part Two" })).toBeVisible();
    },
  },
  { path: `/studio/${DEMO_CLIENT_SLUG}/movies` },
  {
    path: `/studio/${DEMO_CLIENT_SLUG}/movies`,
    narrow: true,
    label: "movies in the widget (narrow screen)",
  },
  { path: "/studio/assets" },
  { path: "/studio/assets", narrow: true, label: "/studio/assets (narrow screen)" },
  ...STATS_PAGES,
];

const IMPERSONATING_PAGES: PageCase[] = [
  { path: "/studio" },
  { path: `/studio/${DEMO_CLIENT_SLUG}` },
  { path: "/studio/api-keys" },
  { path: "/studio/domains" },
  { path: "/studio/stats" },
];

describeAxeChecks(`signed in as ${CLIENT_ADMIN.name}`, CLIENT_ADMIN_PAGES, CLIENT_ADMIN);
describeAxeChecks(`signed in as ${IMPERSONATING.name}`, IMPERSONATING_PAGES, IMPERSONATING);
