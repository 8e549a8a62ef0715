// The site-wide axe check's pieces (tests/e2e/a11y/axe*.spec.ts): a page case (a path, the state to bring
// it into, a narrow screen), the visitors, the check of one page, and the tests of a list of pages in
// light and in dark mode.
import type AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { analyzeWithAxe, animationsSettled } from "./axe-check.ts";
import { hydrated, signedInAs, type DemoRole } from "../studio/support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const MODES = ["light", "dark"] as const;
type Mode = (typeof MODES)[number];
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export type PageCase = {
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
export async function submitAndShowErrors(page: Page, button: string) {
  // Before hydration the browser's own validation answers an empty required field (a bubble, no
  // aria-invalid): submit once the form is the app's.
  await hydrated(page);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
}

/** The first client's detail page, found through the clients list (its address holds the client id). */
export async function clientDetailPath(page: Page) {
  await page.goto("/studio/config/clients");
  const href = await page
    .locator('main a[href^="/studio/config/clients/"]')
    .first()
    .getAttribute("href", { timeout: 10_000 });
  if (!href) throw new Error("no client detail link on /studio/config/clients");
  return href;
}

export const DEMO_CLIENT_SLUG = "demo";

/** Opens a dialog the page renders with JavaScript: waits for hydration, clicks, waits for the dialog. */
export async function openDialog(page: Page, open: (page: Page) => Promise<void>) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await open(page);
  await expect(page.getByRole("dialog")).toBeVisible();
}

/** Who is signed in: a demo account, optionally brought into a state (impersonating) once. */
export type Visitor = { name: string; role: DemoRole; prepare?: (page: Page) => Promise<void> };

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

/**
 * One test per page, in light and in dark mode, under "<mode> mode › <title>"; signed in as `visitor`
 * when one is given.
 */
export function describeAxeChecks(title: string, pages: PageCase[], visitor?: Visitor) {
  for (const mode of MODES) {
    test.describe(`${mode} mode`, () => {
      test.use({ colorScheme: mode });

      test.describe(title, () => {
        if (visitor) {
          // One sign-in per visitor and worker (sign-in attempts are rate limited), its cookies reused.
          test.use({
            storageState: async ({ browser, baseURL }, use) => {
              await use(await signedInState(browser, baseURL ?? "", visitor));
            },
          });
        }

        for (const item of pages) {
          const name = item.label ?? String(item.path);
          test(`${name} has no serious or critical axe violations`, async ({ page, context, baseURL }) => {
            await checkPage(page, context, baseURL ?? "", mode, item);
          });
        }
      });
    });
  }
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
