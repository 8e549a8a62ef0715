// The widget guide in the browser: a client admin builds a snippet (key, city, theme, language, accent,
// campaign) and sees it change, pastes the full publishable key and sees the real widget in the live
// preview (with its events), copies the snippet by keyboard, and axe finds nothing serious in light and
// dark mode.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../a11y/axe-check.ts";
import { demoApiKey, hydrated, signedInAs } from "./support.ts";

const COLOUR_MODE_COOKIE = "reeltime-colour-mode";

const snippetOf = (page: Page) => page.getByTestId("widget-snippet");

test("build a widget snippet, preview the real widget and copy the snippet", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const key = demoApiKey("publishable");
  const prefix = key.slice(0, 12);
  await signedInAs(page, "admin");

  // The page is in the studio's navigation.
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Widget guide" }).click();
  await expect(page).toHaveURL(/\/studio\/documentation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Widget guide" })).toBeVisible();
  await expect(page).toHaveTitle("Widget guide · Reeltime");
  await hydrated(page);

  // The studio cannot show a key (it keeps its hash): the snippet holds a placeholder, and says so.
  const snippet = snippetOf(page);
  await expect(page.getByLabel("Publishable key")).toContainText(`Demo widget key (${prefix}…)`);
  await expect(snippet).toContainText(`data-key="${prefix}…"`);
  // Absolute, on the configured public address (BASE_URL), not necessarily the one the browser uses.
  await expect(snippet).toContainText(/src="https?:\/\/[^"/]+\/widget\/v1\/reeltime\.js" defer/);
  await expect(page.getByTestId("snippet-placeholder-warning")).toContainText(`${prefix}…`);
  await expect(page.getByTestId("preview-notice")).toContainText("Paste the full key above");

  // Options change the snippet; defaults stay out of it.
  const form = page.getByRole("form", { name: "Widget options" });
  await expect(snippet).not.toContainText("data-theme");
  await form.getByLabel("Theme").selectOption("dark");
  await expect(snippet).toContainText('data-theme="dark"');
  // Every language the widget speaks, by its own name, written as the tag the widget matches.
  const language = form.getByLabel("Widget language");
  await expect(language.locator("option")).toHaveCount(54);
  await expect(language.locator("option").first()).toHaveText("The page's language");
  await language.selectOption({ label: "Português (Brasil)" });
  await expect(snippet).toContainText('data-locale="pt-BR"');
  await language.selectOption({ label: "Schweizer Hochdeutsch" });
  await expect(snippet).toContainText('data-locale="de-CH"');
  await language.selectOption({ label: "Nederlands" });
  await expect(snippet).toContainText('data-locale="nl"');
  await form.getByRole("textbox", { name: "Accent colour", exact: true }).fill("#fdba74");
  await expect(snippet).toContainText('data-accent="#fdba74"');
  await form.getByLabel("UTM campaign").fill("summer");
  await expect(snippet).toContainText('data-utm-campaign="summer"');
  const city = form.getByRole("combobox", { name: "City" });
  await city.fill("Amsterd");
  await page.getByRole("option", { name: /^Amsterdam/ }).click();
  await expect(snippet).toContainText('data-city="Amsterdam"');

  // A wrong key is refused; the right one goes into the snippet and runs the preview.
  const keyField = page.getByLabel("Full key");
  await keyField.fill("rt_pk_wrong");
  await expect(keyField).toHaveAttribute("aria-invalid", "true");
  await expect(snippet).not.toContainText("rt_pk_wrong");
  await keyField.fill(key);
  await expect(keyField).not.toHaveAttribute("aria-invalid", "true");
  await expect(snippet).toContainText(`data-key="${key}"`);
  await expect(page.getByTestId("snippet-placeholder-warning")).toHaveCount(0);

  // The preview is the real widget (in its shadow root), in Dutch as chosen.
  const preview = page.getByTestId("widget-preview");
  const days = preview.locator(".rt-day");
  await expect(days).toHaveCount(7, { timeout: 15_000 });
  await expect(preview.locator(".rt")).toHaveAttribute("lang", "nl");
  await expect(preview.locator(".rt")).toHaveAttribute("data-theme", "dark");
  // Tomorrow: today's shows may all have begun.
  await days.nth(1).click();
  const chip = preview.locator(".rt-chip").first();
  await expect(chip).toBeVisible({ timeout: 15_000 });
  await chip.click();
  await expect(page.getByTestId("preview-events")).toContainText("reeltime:showtime-click");

  // Copy by keyboard: the clipboard holds the snippet as shown.
  const copy = page.getByRole("button", { name: "Copy snippet" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Snippet copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());

  await expectNoSeriousAxeViolations(page, "/studio/documentation (light, preview shown)");

  // Dark mode: the key is remembered in this tab, so the preview comes back too.
  await context.addCookies([{ name: COLOUR_MODE_COOKIE, value: "dark", url: baseURL ?? "" }]);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await hydrated(page);
  await expect(page.getByLabel("Full key")).toHaveValue(key);
  await expect(preview.locator(".rt-day")).toHaveCount(7, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page, "/studio/documentation (dark, preview shown)");
});

test("a super admin acting for no client gets the reference and the way to choose a client", async ({
  page,
}) => {
  await signedInAs(page, "super admin");
  await page.goto("/studio/documentation");
  await expect(page.getByText("No client chosen")).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a client" })).toHaveAttribute(
    "href",
    "/studio/config/clients",
  );
  await expect(page.getByRole("heading", { name: "Troubleshooting" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  await expectNoSeriousAxeViolations(page, "/studio/documentation (no client)");
});
