// Accessibility of the super admin's studio pages (the platform's configuration, data, credits, logs,
// tools, catalogue and missing links), in their states: see axe.spec.ts for what the check covers.
import { expect } from "@playwright/test";
import {
  clientDetailPath,
  DEMO_CLIENT_SLUG,
  describeAxeChecks,
  openDialog,
  submitAndShowErrors,
  type PageCase,
  type Visitor,
} from "./axe-pages.ts";
import { hydrated } from "../studio/support.ts";

const SUPER_ADMIN: Visitor = { name: "the demo super admin", role: "super admin" };

const SUPER_ADMIN_PAGES: PageCase[] = [
  { path: "/studio" },
  { path: "/studio/user/profile" },
  // The step-up before a dangerous action (issue #21), and its refusal of a wrong password.
  { path: "/studio/user/verify-password" },
  {
    path: "/studio/user/verify-password",
    label: "/studio/user/verify-password (a wrong password refused)",
    reach: async (page) => {
      await hydrated(page);
      await page.getByLabel("Password").fill("not the password at all");
      await page.getByRole("button", { name: "Confirm and continue" }).click();
      await expect(page.getByText("This password is not correct.")).toBeVisible();
    },
  },
  { path: "/studio/config/clients" },
  { path: "/studio/config/clients?new=1", label: "/studio/config/clients (new client dialog)" },
  {
    path: "/studio/config/clients?new=1",
    label: "/studio/config/clients (new client dialog, empty form submitted)",
    reach: (page) => submitAndShowErrors(page, "Create client"),
  },
  {
    path: "/studio/config/clients",
    label: "/studio/config/clients (a row's action menu open)",
    reach: async (page) => {
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await expect(page.getByRole("menu")).toBeVisible();
    },
  },
  { path: clientDetailPath, label: "a client detail page" },
  { path: "/studio/config/user-profiles" },
  {
    path: "/studio/config/user-profiles",
    label: "/studio/config/user-profiles (a confirmation dialog open)",
    reach: async (page) => {
      await page
        .getByRole("button", { name: /^Super admin rights of / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    },
  },
  // Credits (super admin): each page, an empty filtered list, its dialogs, a form with errors.
  { path: "/studio/config/credit-usage" },
  {
    path: "/studio/config/credit-usage?kind=refund&q=nothing-matches",
    label: "/studio/config/credit-usage (empty ledger)",
  },
  { path: "/studio/config/credit-offers" },
  {
    path: "/studio/config/credit-offers",
    label: "/studio/config/credit-offers (new offer dialog, empty form submitted)",
    reach: async (page) => {
      await openDialog(page, (p) => p.getByRole("button", { name: "New offer" }).click());
      await submitAndShowErrors(page, "Create offer");
    },
  },
  { path: "/studio/config/credit-balances" },
  {
    path: "/studio/config/credit-balances",
    label: "/studio/config/credit-balances (adjustment dialog)",
    reach: async (page) => {
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Adjust balance" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  { path: "/studio/config/credit-purchases" },
  {
    path: "/studio/config/credit-purchases",
    label: "/studio/config/credit-purchases (record dialog)",
    reach: (page) => openDialog(page, (p) => p.getByRole("button", { name: "Record paid purchase" }).click()),
  },
  {
    path: "/studio/config/credit-purchases",
    narrow: true,
    label: "/studio/config/credit-purchases (narrow screen)",
  },
  { path: `/studio/${DEMO_CLIENT_SLUG}` },
  // API keys and domains without a client: the "choose a client" state.
  { path: "/studio/api-keys", label: "/studio/api-keys (no client chosen)" },
  { path: "/studio/domains", label: "/studio/domains (no client chosen)" },
  { path: "/studio", narrow: true, label: "/studio (narrow screen)" },
  {
    path: "/studio/config/user-profiles",
    narrow: true,
    label: "/studio/config/user-profiles (narrow screen)",
  },
  { path: "/studio/stats", label: "/studio/stats (the platform's usage)" },
  { path: "/studio/api-lookup", label: "/studio/api-lookup (no client chosen)" },
  { path: "/studio/documentation", label: "/studio/documentation (no client chosen)" },
  // Logs (super admin): each tab, an empty search, a diff open, a narrow screen.
  { path: "/studio/data/logs" },
  {
    path: "/studio/data/logs",
    label: "/studio/data/logs (a diff open)",
    reach: (page) =>
      openDialog(page, (p) =>
        p
          .getByRole("button", { name: /^View changes of / })
          .first()
          .click(),
      ),
  },
  {
    path: "/studio/data/logs?q=nothing-matches&from=2000-01-01&to=2000-01-02",
    label: "/studio/data/logs (nothing matches)",
  },
  { path: "/studio/data/logs?tab=auth" },
  { path: "/studio/data/logs?tab=imports", label: "/studio/data/logs?tab=imports (no runs yet)" },
  { path: "/studio/data/logs", narrow: true, label: "/studio/data/logs (narrow screen)" },
  // Cached data (super admin): the page, the prefix purge and purge-all dialogs, a narrow screen.
  { path: "/studio/data/cached-data" },
  {
    path: "/studio/data/cached-data",
    label: "/studio/data/cached-data (purge by prefix dialog)",
    reach: (page) =>
      openDialog(page, (p) => p.getByRole("button", { name: "Purge by prefix" }).first().click()),
  },
  {
    path: "/studio/data/cached-data",
    label: "/studio/data/cached-data (purge all dialog)",
    reach: async (page) => {
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.getByRole("button", { name: "Purge all" }).first().click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
    },
  },
  { path: "/studio/data/cached-data", narrow: true, label: "/studio/data/cached-data (narrow screen)" },
  // Data tools (issue 9): the page, the purge dialog (typed confirmation) with its error, a narrow screen.
  { path: "/studio/data/tools" },
  {
    path: "/studio/data/tools",
    label: "/studio/data/tools (purge dialog, word not typed)",
    reach: async (page) => {
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.getByRole("button", { name: "Purge…" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Purge old showtimes?" });
      await dialog.getByRole("button", { name: "Purge showtimes" }).click();
      await expect(dialog.getByLabel("Type PURGE to confirm")).toHaveAttribute("aria-invalid", "true");
    },
  },
  { path: "/studio/data/tools", narrow: true, label: "/studio/data/tools (narrow screen)" },
  // The catalogue (issue 8): every page, and a narrow screen for the widest tables.
  { path: "/studio/data/attributes" },
  { path: "/studio/data/cinema-chains" },
  { path: "/studio/data/cinemas" },
  { path: "/studio/data/cinemas", narrow: true, label: "/studio/data/cinemas (narrow screen)" },
  {
    path: "/studio/data/cinemas?q=Kriterion",
    label: "/studio/data/cinemas (a cinema's feeds)",
    reach: async (page) => {
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.getByRole("button", { name: "Actions for Kriterion" }).click();
      await page.getByRole("menuitem", { name: "Feeds" }).click();
      await expect(page.getByRole("dialog", { name: "Feeds of Kriterion" })).toBeVisible();
    },
  },
  {
    path: "/studio/data/cinemas?q=Kriterion",
    label: "/studio/data/cinemas (new feed form)",
    reach: async (page) => {
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.getByRole("button", { name: "Actions for Kriterion" }).click();
      await page.getByRole("menuitem", { name: "Feeds" }).click();
      await page
        .getByRole("dialog", { name: "Feeds of Kriterion" })
        .getByRole("button", { name: "Add feed" })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "New feed" })).toBeVisible();
    },
  },
  { path: "/studio/data/movies" },
  { path: "/studio/data/movies", narrow: true, label: "/studio/data/movies (narrow screen)" },
  {
    path: "/studio/data/movies",
    label: "/studio/data/movies (new movie dialog)",
    reach: (page) => openDialog(page, (p) => p.getByRole("button", { name: "New movie" }).first().click()),
  },
  { path: "/studio/data/showtimes" },
  { path: "/studio/data/showtimes", narrow: true, label: "/studio/data/showtimes (narrow screen)" },
  {
    path: "/studio/data/showtimes",
    label: "/studio/data/showtimes (add dialog)",
    reach: (page) => openDialog(page, (p) => p.getByRole("button", { name: "Add showtime" }).first().click()),
  },
  // Missing links (issue 9): the queue, its dialogs, the resolved tab, a narrow screen.
  { path: "/studio/missing-links" },
  { path: "/studio/missing-links", narrow: true, label: "/studio/missing-links (narrow screen)" },
  {
    path: "/studio/missing-links",
    label: "/studio/missing-links (create movie dialog)",
    reach: (page) =>
      openDialog(page, async (p) => {
        await p
          .getByRole("button", { name: /^Actions for / })
          .first()
          .click();
        await p.getByRole("menuitem", { name: "Create movie" }).click();
      }),
  },
  {
    path: "/studio/missing-links",
    label: "/studio/missing-links (link to another movie dialog)",
    reach: (page) =>
      openDialog(page, async (p) => {
        await p
          .getByRole("button", { name: /^Actions for / })
          .first()
          .click();
        await p.getByRole("menuitem", { name: "Link to another movie" }).click();
      }),
  },
  { path: "/studio/missing-links?view=resolved" },
  { path: "/studio/assets", label: "/studio/assets (the platform's library)" },
  { path: "/studio/config/countries" },
  { path: "/studio/data/country-access" },
  { path: "/studio/movies" },
  { path: `/studio/${DEMO_CLIENT_SLUG}/movies` },
];

describeAxeChecks(`signed in as ${SUPER_ADMIN.name}`, SUPER_ADMIN_PAGES, SUPER_ADMIN);
