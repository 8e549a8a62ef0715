// Locale from cookie → Accept-Language → en; the public site
// offers English and Dutch only. The full resolution rules (54 locales, RTL) are unit-tested.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

const COOKIE = "reeltime-locale";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function messages(locale: "en" | "nl"): Record<string, string> {
  const file = path.resolve(import.meta.dirname, "../../../locales", `${locale}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}
const en = messages("en");
const nl = messages("nl");

/** A message with its simple `{name}` arguments filled in. */
function message(catalog: Record<string, string>, key: string, values: Record<string, string> = {}) {
  const value = catalog[key];
  if (!value) throw new Error(`locales: no message "${key}"`);
  return value.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Text that differs between English and Dutch and is always on the public pages (footer). */
const COOKIE_LINK_KEY = "footer.cookies";

function footerCookieLink(page: Page, catalog: Record<string, string>) {
  return page
    .getByRole("contentinfo")
    .getByRole("link", { name: message(catalog, COOKIE_LINK_KEY), exact: true });
}

test.describe("a Dutch browser", () => {
  test.use({ locale: "nl-NL" });

  test("gets lang=nl and Dutch text on /", async ({ page }) => {
    expect(message(nl, COOKIE_LINK_KEY)).not.toBe(message(en, COOKIE_LINK_KEY));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(footerCookieLink(page, nl)).toBeVisible();
    await expect(footerCookieLink(page, en)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message(nl, "home.title", { place: "Amsterdam" }),
    );
  });

  test("a locale cookie wins over the browser language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: COOKIE, value: "en", url: baseURL ?? "" }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(footerCookieLink(page, en)).toBeVisible();
  });
});

test("Accept-Language: nl gets a Dutch page from the server", async ({ page }) => {
  const response = await page.request.get("/", { headers: { "Accept-Language": "nl,en;q=0.5" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<html\b[^>]*\slang="nl"/);
  expect(html).toContain(message(nl, COOKIE_LINK_KEY));
});

test("an English browser gets lang=en", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(footerCookieLink(page, en)).toBeVisible();
});

for (const browserLocale of ["en-GB", "nl-NL"]) {
  test.describe(`a locale cookie "ar" with a ${browserLocale} browser`, () => {
    test.use({ locale: browserLocale });

    test("still gets English or Dutch, left to right, on the public site", async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: COOKIE, value: "ar", url: baseURL ?? "" }]);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      const lang = await page.locator("html").getAttribute("lang");
      expect(["en", "nl"]).toContain(lang);
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await expect(footerCookieLink(page, lang === "nl" ? nl : en)).toBeVisible();
    });
  });
}

test("an Arabic browser on the public site gets English, left to right", async ({ page }) => {
  const response = await page.request.get("/", { headers: { "Accept-Language": "ar" } });
  const htmlTag = (await response.text()).match(/<html\b[^>]*>/i)?.[0] ?? "";
  expect(htmlTag).toMatch(/\slang="en"/);
  expect(htmlTag).toMatch(/\sdir="ltr"/);
});

test("the language switcher sets Dutch, remembered for 365 days", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: `nl ${message(en, "locale.name.nl")}`, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(footerCookieLink(page, nl)).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
  expect(cookie?.value).toBe("nl");
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + YEAR_SECONDS - 24 * 60 * 60);
  expect(cookie?.expires ?? 0).toBeLessThan(Date.now() / 1000 + YEAR_SECONDS + 24 * 60 * 60);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(footerCookieLink(page, nl)).toBeVisible();
});
