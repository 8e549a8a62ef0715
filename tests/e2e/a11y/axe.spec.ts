// Accessibility: axe with every rule it ships for WCAG 2.0, 2.1 and 2.2 A/AA and its best practices
// (no tag narrowing, no rule turned off) finds no serious or critical violation on any page that
// exists, public and signed in (super admin, client admin, super admin acting as a client), in light
// and in dark mode, also in the states a page shows besides its first render (errors shown, a dialog
// open, a phone-sized screen). Moderate and minor findings do not fail the run but are printed, so
// they stay visible.
// The signed-in pages: axe-platform.spec.ts (the super admin's) and axe-client.spec.ts (a client's).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { analyzeWithAxe, AXE_RULES } from "./axe-check.ts";
import { describeAxeChecks, submitAndShowErrors, type PageCase } from "./axe-pages.ts";
import { hydrated } from "../studio/support.ts";

/**
 * Every rule axe has, named one by one: axe's default run leaves out the rules it marks experimental
 * (e.g. td-has-header, p-as-heading) and some it switches off (target-size, WCAG 2.2 AA 2.5.8), and
 * running them by name runs them too. Left out, and only these: the AAA rules (enhanced contrast,
 * identical links, meta refresh without exceptions), because the required level is AA.
 */
const RULES = AXE_RULES;

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

describeAxeChecks("public pages", PUBLIC_PAGES);
