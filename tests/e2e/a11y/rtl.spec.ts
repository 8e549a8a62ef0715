// Right to left (issue #22): in Arabic and Hebrew the studio is mirrored, at a desktop and a phone width,
// with nothing running off the screen (the screenshots are kept in test-results/rtl/ to look at); and
// axe finds no serious or critical violation on any studio page in an Arabic session, light and dark.
// The breadth (every locale's text, lang and dir) is in the server-rendering tests
// (server/interface-locales.test.ts); the browser runs for these two right-to-left languages only.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { animationsSettled, expectNoSeriousAxeViolations } from "./axe-check.ts";
import { hydrated, signedInAs, type DemoRole } from "../studio/support.ts";

const LOCALE_COOKIE = "reeltime-locale";
const COLOUR_MODE_COOKIE = "reeltime-colour-mode";
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

function catalogue(locale: string) {
  const file = path.resolve(import.meta.dirname, `../../../locales/${locale}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

/** One sign-in per role and worker (sign-ins are rate limited), in English; the locale is a cookie after. */
const signedIn = new Map<DemoRole, Promise<StorageState>>();
function signedInState(browser: Browser, baseURL: string, role: DemoRole) {
  let state = signedIn.get(role);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext({ baseURL, locale: "en-GB" });
      try {
        await signedInAs(await context.newPage(), role);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    signedIn.set(role, state);
  }
  return state;
}

async function openStudio(browser: Browser, baseURL: string, role: DemoRole, locale: string) {
  const context = await browser.newContext({
    baseURL,
    storageState: await signedInState(browser, baseURL, role),
  });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL }]);
  return context;
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${label}: page wider than the screen`).toBeLessThanOrEqual(widths.client);
}

/** Mirrored: the page's heading starts at the right, nearer the right edge than the left one. */
async function expectHeadingOnTheRight(page: Page, label: string) {
  const heading = page.locator("main h1").first();
  await expect(heading).toBeVisible();
  const box = await heading.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return { left: text.left, right: text.right, width: document.documentElement.clientWidth };
  });
  expect(box.width - box.right, `${label}: the heading's text hugs the right edge`).toBeLessThan(box.left);
}

async function shoot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: path.join(test.info().project.outputDir, "rtl", `${name}.png`) });
}

for (const locale of ["ar", "he"] as const) {
  const text = catalogue(locale);
  for (const screen of SCREENS) {
    test(`${locale} at ${screen.width} px: dashboard, API keys, a table with a dialog and a toast, mirrored`, async ({
      browser,
      baseURL,
    }) => {
      const context = await openStudio(browser, baseURL ?? "", "admin", locale);
      const page = await context.newPage();
      await page.setViewportSize(screen);
      const name = (what: string) => `${locale}-${screen.width}-${what}`;

      await page.goto("/studio");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("html")).toHaveAttribute("lang", locale === "ar" ? "ar" : "he");
      await hydrated(page);
      await expectHeadingOnTheRight(page, name("dashboard"));
      await expectNoSidewaysScroll(page, name("dashboard"));
      await shoot(page, name("dashboard"));

      await page.goto("/studio/api-keys");
      await hydrated(page);
      await expectHeadingOnTheRight(page, name("api-keys"));
      await expectNoSidewaysScroll(page, name("api-keys"));
      await shoot(page, name("api-keys"));

      await page.goto("/studio/movies?q=dune");
      await hydrated(page);
      await expect(page.getByRole("table")).toBeVisible();
      await expectNoSidewaysScroll(page, name("movies"));
      await page.getByRole("link", { name: "Dune: Part Two" }).click();
      const dialog = page.getByRole("dialog", { name: "Dune: Part Two" });
      await expect(dialog).toBeVisible();
      await animationsSettled(page);
      // A panel sliding in from the side comes from the left in right-to-left (the inline end).
      const panel = await dialog.boundingBox();
      expect(panel, "the dialog is on screen").not.toBeNull();
      expect(panel!.x, `${name("dialog")}: within the screen`).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width, `${name("dialog")}: within the screen`).toBeLessThanOrEqual(
        screen.width + 1,
      );
      await shoot(page, name("table-dialog"));
      await page.keyboard.press("Escape");

      await page.goto("/studio/user/profile");
      await hydrated(page);
      await page.getByRole("button", { name: text["studio.profile.name.submit"] }).click();
      const toast = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: text["studio.profile.name.saved"]! });
      await expect(toast).toBeVisible();
      await animationsSettled(page);
      const box = await toast.boundingBox();
      expect(box, "the toast is on screen").not.toBeNull();
      // At the top left in right-to-left (top right in left-to-right); on a phone it spans the width.
      if (screen.width > 600)
        expect(box!.x + box!.width / 2, `${name("toast")}: on the left`).toBeLessThan(screen.width / 2);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width + 1);
      await shoot(page, name("toast"));
      await context.close();
    });
  }
}

/** Stands for the first client's detail page, whose address holds its id (found on the clients list). */
const CLIENT_DETAIL = "the first client's detail page";

async function pathOf(page: Page, item: string) {
  if (item !== CLIENT_DETAIL) return item;
  await page.goto("/studio/config/clients");
  const href = await page.locator('main a[href^="/studio/config/clients/"]').first().getAttribute("href");
  if (!href) throw new Error("no client detail link on /studio/config/clients");
  return href;
}

/** Every studio page, by the account that sees it in full (the client's pages by its admin). */
const ARABIC_PAGES: { path: string; role: DemoRole }[] = [
  ...[
    "/studio/config/clients",
    CLIENT_DETAIL,
    "/studio/config/user-profiles",
    "/studio/config/credit-usage",
    "/studio/config/credit-offers",
    "/studio/config/credit-balances",
    "/studio/config/credit-purchases",
    "/studio/config/countries",
    "/studio/data/attributes",
    "/studio/data/cinema-chains",
    "/studio/data/cinemas",
    "/studio/data/movies",
    "/studio/data/showtimes",
    "/studio/data/logs",
    "/studio/data/tools",
    "/studio/data/cached-data",
    "/studio/data/country-access",
    "/studio/missing-links",
    "/studio/assets",
  ].map((path) => ({ path, role: "super admin" as const })),
  ...[
    "/studio",
    "/studio/user/profile",
    "/studio/user/verify-password",
    "/studio/stats",
    "/studio/api-lookup",
    "/studio/documentation",
    "/studio/api-keys",
    "/studio/domains",
    "/studio/movies",
    "/studio/demo",
    "/studio/demo/movies",
  ].map((path) => ({ path, role: "admin" as const })),
];

test.describe("axe in an Arabic session", () => {
  for (const item of ARABIC_PAGES) {
    test(`${item.path} (${item.role}) light and dark`, async ({ browser, baseURL }) => {
      const context = await openStudio(browser, baseURL ?? "", item.role, "ar");
      const page = await context.newPage();
      const address = await pathOf(page, item.path);
      for (const mode of ["light", "dark"] as const) {
        await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL ?? "" }]);
        const response = await page.goto(address);
        expect(response?.status(), item.path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await animationsSettled(page);
        await expectNoSeriousAxeViolations(page, `${item.path} in Arabic (${mode})`);
      }
      await context.close();
    });
  }

  test("the sign-in pages (no session) light and dark", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: LOCALE_COOKIE, value: "ar", url: baseURL ?? "" }]);
    const page = await context.newPage();
    for (const mode of ["light", "dark"] as const) {
      await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: mode, url: baseURL ?? "" }]);
      // The confirmation page without a token shows its refusal.
      for (const path of ["/studio/user/login", "/studio/user/register", "/studio/user/confirm"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await animationsSettled(page);
        await expectNoSeriousAxeViolations(page, `${path} in Arabic (${mode})`);
      }
    }
    await context.close();
  });
});
