// Colour mode system / light / dark, remembered, no flash on load.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

const COOKIE = "reeltime-colour-mode";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

type ThemeProbe = { darkWhenBodyAppeared?: boolean; darkAtDomContentLoaded?: boolean };

/**
 * Records whether <html> carries the dark class when <body> is first inserted by the parser (that
 * is, before anything can be painted) and at DOMContentLoaded. Applies to every later navigation.
 */
async function probeFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const probe: ThemeProbe = {};
    (window as unknown as { __theme: ThemeProbe }).__theme = probe;
    const isDark = () => document.documentElement.classList.contains("dark");
    const observer = new MutationObserver(() => {
      if (document.body && probe.darkWhenBodyAppeared === undefined) {
        probe.darkWhenBodyAppeared = isDark();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => (probe.darkAtDomContentLoaded = isDark()), {
      once: true,
    });
  });
}

async function readProbe(page: Page): Promise<ThemeProbe> {
  return page.evaluate(() => ({ ...(window as unknown as { __theme: ThemeProbe }).__theme }));
}

/** The opening <html …> tag of the server's response for `/`, with this context's cookies. */
async function serverHtmlTag(page: Page) {
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
  const tag = (await response.text()).match(/<html\b[^>]*>/i)?.[0];
  expect(tag, "the response has an <html> tag").toBeTruthy();
  return tag ?? "";
}

const hasDarkClass = (htmlTag: string) => /\sclass="[^"]*\bdark\b[^"]*"/.test(htmlTag);

async function colourCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === COOKIE);
}

function modeButton(page: Page, name: "System" | "Light" | "Dark") {
  return page.getByRole("group", { name: /colou?r mode/i }).getByRole("button", { name, exact: true });
}

test.describe("with a light system preference", () => {
  test.use({ colorScheme: "light" });

  test("choosing dark persists across a reload, rendered dark by the server (no flash)", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(modeButton(page, "System")).toHaveAttribute("aria-pressed", "true");

    await modeButton(page, "Dark").click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(modeButton(page, "Dark")).toHaveAttribute("aria-pressed", "true");

    // Remembered in a cookie for a year.
    const cookie = await colourCookie(context);
    expect(cookie?.value).toBe("dark");
    expect(cookie?.path).toBe("/");
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + YEAR_SECONDS - 24 * 60 * 60);

    // The server's HTML itself is dark: nothing to correct after the first paint.
    const htmlTag = await serverHtmlTag(page);
    expect(hasDarkClass(htmlTag), htmlTag).toBe(true);
    expect(htmlTag).toContain('data-colour-preference="dark"');

    await probeFirstPaint(page);
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect
      .poll(() => readProbe(page))
      .toEqual({ darkWhenBodyAppeared: true, darkAtDomContentLoaded: true });
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(modeButton(page, "Dark")).toHaveAttribute("aria-pressed", "true");

    // And back to light.
    await modeButton(page, "Light").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect((await colourCookie(context))?.value).toBe("light");
  });

  test("“system” follows the browser: light here, dark once the browser prefers dark", async ({ page }) => {
    await probeFirstPaint(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect
      .poll(() => readProbe(page))
      .toEqual({ darkWhenBodyAppeared: false, darkAtDomContentLoaded: false });

    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect
      .poll(() => readProbe(page))
      .toEqual({ darkWhenBodyAppeared: true, darkAtDomContentLoaded: true });
    await expect(page.locator("html")).toHaveAttribute("data-colour-preference", "system");
  });
});

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" });

  test("“system” is dark before the first paint", async ({ page }) => {
    await probeFirstPaint(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect
      .poll(() => readProbe(page))
      .toEqual({ darkWhenBodyAppeared: true, darkAtDomContentLoaded: true });
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("an explicit light choice wins over the system preference, also after a reload", async ({ page }) => {
    await page.goto("/");
    await modeButton(page, "Light").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

    const htmlTag = await serverHtmlTag(page);
    expect(hasDarkClass(htmlTag), htmlTag).toBe(false);
    expect(htmlTag).toContain('data-colour-preference="light"');

    await probeFirstPaint(page);
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect
      .poll(() => readProbe(page))
      .toEqual({ darkWhenBodyAppeared: false, darkAtDomContentLoaded: false });
  });

  test("going back from light to “system” turns dark at once", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: COOKIE, value: "light", url: baseURL ?? "" }]);
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await modeButton(page, "System").click();
    await expect(modeButton(page, "System")).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "light" });

  test("the colour-mode form still works (POST, redirect back, dark from the server)", async ({
    page,
    context,
  }) => {
    await page.goto("/cookieverklaring");
    await modeButton(page, "Dark").click();
    await page.waitForLoadState("domcontentloaded");
    expect(new URL(page.url()).pathname).toBe("/cookieverklaring");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect((await colourCookie(context))?.value).toBe("dark");
  });
});
