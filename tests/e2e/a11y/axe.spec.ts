// Accessibility: axe with every rule it ships for WCAG 2.0, 2.1 and 2.2 A/AA and its best practices
// (no tag narrowing, no rule turned off) finds no serious or critical violation on any page that
// exists, public and signed in (super admin, client admin, super admin acting as a client), in light
// and in dark mode, also in the states a page shows besides its first render (errors shown, a dialog
// open, a phone-sized screen). Moderate and minor findings do not fail the run but are printed, so
// they stay visible.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { analyzeWithAxe, animationsSettled, AXE_RULES } from "./axe-check.ts";
import { chooseConsoleKey, demoApiKey, hydrated, signedInAs, type DemoRole } from "../studio/support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const MODES = ["light", "dark"] as const;
type Mode = (typeof MODES)[number];
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Every rule axe has, named one by one: axe's default run leaves out the rules it marks experimental
 * (e.g. td-has-header, p-as-heading) and some it switches off (target-size, WCAG 2.2 AA 2.5.8), and
 * running them by name runs them too. Left out, and only these: the AAA rules (enhanced contrast,
 * identical links, meta refresh without exceptions), because the required level is AA.
 */
const RULES = AXE_RULES;

type PageCase = {
  /** A path, or a function that finds it on a signed-in page (for pages whose address holds an id). */
  path: string | ((page: Page) => Promise<string>);
  /** The status the document must answer with (default: 200). */
  status?: number | number[];
  label?: string;
  /** Brings the page into the state to check (an error shown, a dialog open…) after it loaded. */
  reach?: (page: Page) => Promise<void>;
  /** A narrow screen (a phone), where the layouts stack and wrap. */
  narrow?: boolean;
};

const PHONE = { width: 390, height: 844 };

/** Submits the form that holds `button` and waits for the error it shows. */
async function submitAndShowErrors(page: Page, button: string) {
  // Before hydration the browser's own validation answers an empty required field (a bubble, no
  // aria-invalid): submit once the form is the app's.
  await hydrated(page);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
}

const PUBLIC_PAGES: PageCase[] = [
  { path: "/" },
  { path: "/cookieverklaring" },
  { path: "/terms" },
  { path: "/privacy" },
  { path: "/that-path-does-not-exist", status: 404, label: "a 404 page" },
  { path: "/studio/user/login" },
  { path: "/studio/user/register" },
  { path: "/studio/user/confirm", status: [200, 400], label: "/studio/user/confirm (no token)" },
  {
    path: "/studio/user/confirm?type=email&token=not-a-real-token-1234",
    status: [200, 400],
    label: "/studio/user/confirm (invalid link)",
  },
  // The states a page shows besides its first render.
  {
    path: "/studio/user/login",
    label: "/studio/user/login (sign-in refused)",
    reach: async (page) => {
      await page.getByLabel("E-mail address").fill("nobody@reeltime.test");
      await page.locator("input[name=password]").fill("not-the-password-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
    },
  },
  {
    path: "/studio/user/register",
    label: "/studio/user/register (empty form submitted)",
    reach: (page) => submitAndShowErrors(page, "Create account"),
  },
  { path: "/?city=Nowhereville", label: "/ (a city with no cinemas)" },
  {
    path: "/",
    label: "/ (an attribute filter on)",
    reach: async (page) => {
      await page.getByRole("form").getByRole("checkbox").first().check();
      await expect(page).toHaveURL(/[?&]attr=/);
    },
  },
  { path: "/?when=weekend&sort=title", label: "/ (this weekend, times grouped by day; films by title)" },
  { path: "/", narrow: true, label: "/ (narrow screen)" },
  {
    path: "/",
    narrow: true,
    label: "/ (narrow screen, the filters sheet open)",
    reach: async (page) => {
      await hydrated(page);
      await page.getByRole("button", { name: "Filters" }).click();
      await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    },
  },
  { path: "/?when=weekend", narrow: true, label: "/ (narrow screen, this weekend's times by day)" },
  { path: "/?film=the", label: "/ (a film search that may mean several films)" },
  { path: "/?film=zzqqxx", label: "/ (a film search that finds nothing)" },
  // "Find a film" (issue 11): the film and cinema pages, found through the home page's links.
  { path: (page) => linkedPage(page, "film"), label: "a film page" },
  { path: (page) => linkedPage(page, "film"), narrow: true, label: "a film page (narrow screen)" },
  { path: (page) => linkedPage(page, "film", { date: "tonight" }), label: "a film page (tonight)" },
  {
    path: (page) => linkedPage(page, "film", { city: "Atlantis" }),
    label: "a film page (a city with no cinemas, the place form open)",
  },
  { path: (page) => linkedPage(page, "cinema"), label: "a cinema page" },
  { path: (page) => linkedPage(page, "cinema"), narrow: true, label: "a cinema page (narrow screen)" },
  { path: "/films/no-such-film", status: 404, label: "an unknown film's 404 page" },
  { path: "/cookieverklaring", narrow: true, label: "/cookieverklaring (narrow screen)" },
  { path: "/studio/user/login", narrow: true, label: "/studio/user/login (narrow screen)" },
];

/** The first film's or cinema's page the home page links to, with `params` added to its address. */
async function linkedPage(page: Page, kind: "film" | "cinema", params: Record<string, string> = {}) {
  await page.goto("/");
  const link =
    kind === "film"
      ? page.getByTestId("movie").first().locator("h3 a")
      : page.getByTestId("cinema").first().locator("h4 a");
  const href = await link.getAttribute("href", { timeout: 10_000 });
  if (!href) throw new Error(`no ${kind} link on /`);
  const url = new URL(href, "http://x");
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.pathname + url.search;
}

/** The first client's detail page, found through the clients list (its address holds the client id). */
async function clientDetailPath(page: Page) {
  await page.goto("/studio/config/clients");
  const href = await page
    .locator('main a[href^="/studio/config/clients/"]')
    .first()
    .getAttribute("href", { timeout: 10_000 });
  if (!href) throw new Error("no client detail link on /studio/config/clients");
  return href;
}

const DEMO_CLIENT_SLUG = "demo";

/** Opens a dialog the page renders with JavaScript: waits for hydration, clicks, waits for the dialog. */
async function openDialog(page: Page, open: (page: Page) => Promise<void>) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await open(page);
  await expect(page.getByRole("dialog")).toBeVisible();
}

/** Who is signed in: a demo account, optionally brought into a state (impersonating) once. */
type Visitor = { name: string; role: DemoRole; prepare?: (page: Page) => Promise<void> };

const SUPER_ADMIN: Visitor = { name: "the demo super admin", role: "super admin" };
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

const SIGNED_IN_PAGES: [Visitor, PageCase[]][] = [
  [
    SUPER_ADMIN,
    [
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
        reach: (page) =>
          openDialog(page, (p) => p.getByRole("button", { name: "Record paid purchase" }).click()),
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
        reach: (page) =>
          openDialog(page, (p) => p.getByRole("button", { name: "New movie" }).first().click()),
      },
      { path: "/studio/data/showtimes" },
      { path: "/studio/data/showtimes", narrow: true, label: "/studio/data/showtimes (narrow screen)" },
      {
        path: "/studio/data/showtimes",
        label: "/studio/data/showtimes (add dialog)",
        reach: (page) =>
          openDialog(page, (p) => p.getByRole("button", { name: "Add showtime" }).first().click()),
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
    ],
  ],
  [
    CLIENT_ADMIN,
    [
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
    ],
  ],
  [
    IMPERSONATING,
    [
      { path: "/studio" },
      { path: `/studio/${DEMO_CLIENT_SLUG}` },
      { path: "/studio/api-keys" },
      { path: "/studio/domains" },
      { path: "/studio/stats" },
    ],
  ],
];

type Finding = { rule: string; impact: string; help: string; nodes: { target: string; summary?: string }[] };

function summarise(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): Finding[] {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}

async function checkPage(page: Page, context: BrowserContext, baseURL: string, mode: Mode, item: PageCase) {
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL }]);
  if (item.narrow) await page.setViewportSize(PHONE);
  const path = typeof item.path === "string" ? item.path : await item.path(page);
  const response = await page.goto(path);
  const expected = [item.status ?? 200].flat();
  expect(expected, `status of ${path}`).toContain(response?.status());
  await page.waitForLoadState("load");
  if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  if (item.reach) await item.reach(page);
  await animationsSettled(page);

  const results = await analyzeWithAxe(page);
  const all = summarise(results.violations);
  const blocking = all.filter((f) => f.impact === "serious" || f.impact === "critical");
  const advisory = all.filter((f) => f.impact !== "serious" && f.impact !== "critical");
  if (advisory.length > 0) {
    console.log(
      `axe (${mode}) ${path}: ${advisory.length} moderate/minor finding(s), not failing:\n` +
        advisory
          .map((f) => `  - [${f.impact}] ${f.rule}: ${f.help} (${f.nodes.map((n) => n.target).join(", ")})`)
          .join("\n"),
    );
  }
  // What axe could not decide (e.g. contrast over an image) is printed for a person to look at.
  const review = summarise(results.incomplete);
  if (review.length > 0) {
    console.log(
      `axe (${mode}) ${path}: ${review.length} rule(s) need review:\n` +
        review
          .map((f) => `  - [${f.impact}] ${f.rule}: ${f.help} (${f.nodes.map((n) => n.target).join(", ")})`)
          .join("\n"),
    );
  }
  expect(blocking, `${path} (${mode}): ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
  // Rules ran against a real page (that every rule runs is the first test's check).
  expect(results.passes.length).toBeGreaterThan(0);
}

test("the run covers every non-AAA rule, including the ones axe leaves out by default", async ({ page }) => {
  expect(RULES.length).toBeGreaterThan(95);
  expect(RULES).toEqual(
    expect.arrayContaining(["target-size", "label-content-name-mismatch", "td-has-header", "region"]),
  );
  // Every rule runs: with every result type kept, each rule reports itself in one of the four lists.
  await page.goto("/");
  const results = await new AxeBuilder({ page }).withRules(RULES).analyze();
  const ran = [results.passes, results.violations, results.incomplete, results.inapplicable].flat();
  expect(new Set(ran.map((r) => r.id))).toEqual(new Set(RULES));
  // The faster run the page checks use finds the same violations, on a page that has some.
  await page.setContent(
    '<html lang="en"><title>t</title><main><img src="data:,"><button></button><a href="/"></a></main></html>',
  );
  const found = (list: typeof results.violations) => list.map((v) => [v.id, v.nodes.length]);
  const full = found((await new AxeBuilder({ page }).withRules(RULES).analyze()).violations);
  expect(full).toEqual(
    expect.arrayContaining([
      ["image-alt", 1],
      ["button-name", 1],
      ["link-name", 1],
    ]),
  );
  expect(found((await analyzeWithAxe(page)).violations)).toEqual(full);
});

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    test.describe("public pages", () => {
      for (const item of PUBLIC_PAGES) {
        const name = item.label ?? String(item.path);
        test(`${name} has no serious or critical axe violations`, async ({ page, context, baseURL }) => {
          await checkPage(page, context, baseURL ?? "", mode, item);
        });
      }
    });

    for (const [visitor, pages] of SIGNED_IN_PAGES) {
      test.describe(`signed in as ${visitor.name}`, () => {
        // One sign-in per visitor and worker (sign-in attempts are rate limited), its cookies reused.
        test.use({
          storageState: async ({ browser, baseURL }, use) => {
            await use(await signedInState(browser, baseURL ?? "", visitor));
          },
        });

        for (const item of pages) {
          const name = item.label ?? String(item.path);
          test(`${name} has no serious or critical axe violations`, async ({ page, context, baseURL }) => {
            await checkPage(page, context, baseURL ?? "", mode, item);
          });
        }
      });
    }
  });
}

const signedInStates = new Map<Visitor, Promise<StorageState>>();

function signedInState(browser: Browser, baseURL: string, visitor: Visitor): Promise<StorageState> {
  let state = signedInStates.get(visitor);
  if (!state) {
    state = signInOnce(browser, baseURL, visitor);
    signedInStates.set(visitor, state);
  }
  return state;
}

async function signInOnce(browser: Browser, baseURL: string, visitor: Visitor): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  try {
    const page = await context.newPage();
    await signedInAs(page, visitor.role);
    await visitor.prepare?.(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
