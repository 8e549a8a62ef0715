// Cookie consent and Google Tag Manager (issue 10): the e2e server runs with GTM_ID=GTM-ABC123
// (tests/e2e/global-setup.ts). Every request to Google is intercepted, counted and answered locally:
// none before consent, one after accepting on /, none on any /studio page.
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { hydrated, signedInAs } from "../studio/support.ts";

const GTM_ID = "GTM-ABC123";
const CONSENT_COOKIE = "reeltime-consent";
const GOOGLE = /^https?:\/\/([^/]+\.)?(googletagmanager|google-analytics|google|doubleclick)\.(com|net)\//;

/** Answers every request to Google with an empty script and returns the requests seen so far. */
async function interceptGoogle(context: BrowserContext) {
  const seen: Request[] = [];
  await context.route(GOOGLE, async (route) => {
    seen.push(route.request());
    await route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__fakeGtm = true;" });
  });
  return seen;
}

/** The dataLayer as plain values (gtag pushes `arguments` objects). */
function dataLayer(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      typeof entry === "object" && entry !== null && "length" in entry
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  );
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE)?.value;
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie settings" });

const ALL_DENIED = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};

test("nothing from Google loads before consent; Consent Mode starts all denied", async ({
  page,
  context,
}) => {
  const google = await interceptGoogle(context);
  await page.goto("/");
  await hydrated(page);
  await expect(banner(page)).toBeVisible();
  expect(await dataLayer(page)).toEqual([["consent", "default", ALL_DENIED]]);
  await page.goto("/cookieverklaring");
  await hydrated(page);
  await expect(page.getByTestId("consent-state")).toHaveText(/not made a choice/);
  expect(google.map((r) => r.url())).toEqual([]);
});

test("accepting on / loads Google Tag Manager once, with every signal granted", async ({ page, context }) => {
  const google = await interceptGoogle(context);
  await page.goto("/");
  await hydrated(page);
  expect(google).toHaveLength(0);

  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => google.length).toBe(1);
  expect(google[0]?.url()).toBe(`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`);
  await expect.poll(() => page.evaluate(() => "__fakeGtm" in window)).toBe(true);
  expect(await dataLayer(page)).toEqual(
    expect.arrayContaining([
      ["consent", "update", Object.fromEntries(Object.keys(ALL_DENIED).map((key) => [key, "granted"]))],
      expect.objectContaining({ event: "gtm.js" }),
    ]),
  );
  expect(await consentCookie(context)).toBe("v1.a1.m1");
  expect(google).toHaveLength(1);
});

test("rejecting all loads nothing, now or on the next page", async ({ page, context }) => {
  const google = await interceptGoogle(context);
  await page.goto("/");
  await hydrated(page);
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe("v1.a0.m0");
  await page.goto("/cookieverklaring");
  await expect(page.getByTestId("consent-state")).toHaveText(/rejected all optional cookies/);
  await expect(banner(page)).toHaveCount(0);
  expect(google).toHaveLength(0);
});

test("choosing marketing only grants the ad signals and keeps analytics denied", async ({
  page,
  context,
}) => {
  const google = await interceptGoogle(context);
  await page.goto("/");
  await hydrated(page);
  await banner(page).getByText("Choose", { exact: true }).click();
  await banner(page).getByRole("checkbox", { name: "Marketing" }).check();
  await expect(banner(page).getByRole("checkbox", { name: "Analytics" })).not.toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: /Strictly necessary/ })).toBeDisabled();
  await banner(page).getByRole("button", { name: "Save my choice" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => google.length).toBe(1);
  expect(await consentCookie(context)).toBe("v1.a0.m1");
  expect(await dataLayer(page)).toContainEqual([
    "consent",
    "update",
    {
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    },
  ]);
});

test("the choice can be changed on /cookieverklaring, by category", async ({ page, context }) => {
  await interceptGoogle(context);
  await page.goto("/cookieverklaring");
  const settings = page.getByRole("region", { name: "Your cookie choice" });
  await settings.getByRole("button", { name: "Accept all" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText(/accepted all cookies/);
  await expect(settings.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  await expect(settings.getByRole("checkbox", { name: "Marketing" })).toBeChecked();

  await settings.getByRole("checkbox", { name: "Marketing" }).uncheck();
  await settings.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByTestId("consent-state")).toHaveText(/chose per category/);
  expect(await consentCookie(context)).toBe("v1.a1.m0");
  await expect(settings.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  await expect(settings.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
});

test("an older stored choice is still honoured", async ({ page, context, baseURL }) => {
  const google = await interceptGoogle(context);
  await context.addCookies([{ name: CONSENT_COOKIE, value: "granted", url: baseURL ?? "" }]);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => google.length).toBe(1);
  expect(await dataLayer(page)).toContainEqual([
    "consent",
    "update",
    {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "granted",
    },
  ]);
});

test("no request to Google on any /studio page, even after accepting on /", async ({ page, context }) => {
  const google = await interceptGoogle(context);
  await page.goto("/");
  await hydrated(page);
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => google.length).toBe(1);

  // Into the studio from the public page: its link loads a new document, so GTM's page does not come
  // along, and nothing reloads the page after it is hydrated.
  const before = google.length;
  await page.getByRole("link", { name: "Studio", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/user\/login/);
  await hydrated(page);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();

  await signedInAs(page, "viewer");
  for (const path of ["/studio", "/studio/stats", "/studio/api-keys", "/studio/user/profile"]) {
    await page.goto(path);
    await hydrated(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await page.locator('script[src*="googletagmanager"]').count(), path).toBe(0);
    expect(await page.evaluate(() => window.dataLayer), path).toBeUndefined();
  }
  expect(google.slice(before).map((r) => r.url())).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner's forms work: accept, and choose by category", async ({ page, context }) => {
    await interceptGoogle(context);
    await page.goto("/cookieverklaring");
    await banner(page).getByText("Choose", { exact: true }).click();
    await banner(page).getByRole("checkbox", { name: "Analytics" }).check();
    await banner(page).getByRole("button", { name: "Save my choice" }).click();
    await expect(page).toHaveURL(/\/cookieverklaring$/);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCookie(context)).toBe("v1.a1.m0");

    await context.clearCookies();
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCookie(context)).toBe("v1.a1.m1");
  });
});
