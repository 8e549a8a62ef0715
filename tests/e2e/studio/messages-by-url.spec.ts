// The studio's messages travel by URL (SPEC §7, issue #22): a studio document names its catalogue in a
// preload link, the browser fetches it once and keeps it (content-hashed, immutable), and a failed load
// leaves the server-rendered page as it is, with a warning.
import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const CATALOGUE = /\/_i18n\/[0-9a-f]{12}\/[a-z_]+\/messages\.json$/;

/** Records, through Chromium's own network events, which catalogue requests went to the server. */
async function catalogueTraffic(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const fromCache = new Set<string>();
  const fromServer = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (CATALOGUE.test(event.request.url)) urls.set(event.requestId, event.request.url);
  });
  cdp.on("Network.requestServedFromCache", (event) => {
    if (urls.has(event.requestId)) fromCache.add(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => {
    if (!urls.has(event.requestId)) return;
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) fromCache.add(event.requestId);
    else fromServer.add(event.requestId);
  });
  return {
    /** Catalogue URLs fetched from the server (not a cache) since the last reset. */
    downloaded: () => [...fromServer].filter((id) => !fromCache.has(id)).map((id) => urls.get(id)),
    reset: () => {
      urls.clear();
      fromCache.clear();
      fromServer.clear();
    },
  };
}

test("a studio page names its catalogue; a second page view downloads none", async ({ page }) => {
  const traffic = await catalogueTraffic(page);
  await signedInAs(page, "admin");
  const preload = page.locator("link[rel=preload][data-messages]");
  await expect(preload).toHaveAttribute("href", CATALOGUE);
  expect(traffic.downloaded(), "the sign-in page's catalogue came from the server once").toHaveLength(1);

  traffic.reset();
  await page.goto("/studio/api-keys");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(traffic.downloaded(), "a second document reads its catalogue from the browser's cache").toEqual([]);
});

test("when the catalogue cannot be loaded the page keeps its server-rendered text and logs a warning", async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.route(CATALOGUE, (route) => route.abort("failed"));
  await page.goto("/studio/user/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => warnings.some((text) => text.includes("could not be loaded"))).toBe(true);
  // Not hydrated (React would otherwise render message ids): the server's English text stays.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await expect(page.getByLabel("E-mail address")).toBeVisible();
});
