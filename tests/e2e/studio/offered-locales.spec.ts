// The studio and its sign-in pages offer the locales whose file in locales/ is complete (issue #22: all 53
// of SPEC.md §9, each under its own name, searchable); a cookie or browser language naming an unknown locale
// falls back; German, Arabic and Japanese get their language, Arabic right to left. Without JavaScript the
// language menu is a select with a button; once React runs, a combobox that finds a language by its own
// name, its English name or its code, chosen with the keyboard, and kept on the signed-in user's profile.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../../../locales");
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, file), "utf8")) as Record<string, string>;

/** The locale files that have every key of en.json: what the pickers must offer. */
function completeLocales(): string[] {
  const english = Object.keys(read("en.json"));
  return readdirSync(LOCALES_DIR)
    .filter((file) => file.endsWith(".json"))
    .filter((file) => {
      const messages = read(file);
      return english.every((key) => typeof messages[key] === "string" && messages[key] !== "");
    })
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

/** The header's language menu (the sign-in pages' and the studio's). */
const headerPicker = (page: Page, label = "Language") =>
  page.getByRole("banner").getByRole("combobox", { name: label, exact: true });

/** The open list of languages. */
const languageList = (page: Page, label = "Language") =>
  page.getByRole("listbox", { name: label, exact: true });

/** The names the searchable language menu lists when opened (then closed again with Escape). */
async function listed(page: Page, picker: Locator) {
  // The enhanced menu (a text box), not the select the server rendered.
  await expect(picker).toHaveAttribute("aria-autocomplete", "list");
  await picker.click();
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  const names = await languageList(page).getByRole("option").allTextContents();
  await picker.press("Escape");
  await expect(languageList(page)).toBeHidden();
  return names;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page offers every finished language in a select, switched with its button", async ({
    page,
  }) => {
    const complete = completeLocales();
    await page.goto("/studio/user/login");
    const picker = headerPicker(page);
    const values = await picker
      .locator("option")
      .evaluateAll((elements) => elements.map((e) => (e as HTMLOptionElement).value));
    expect([...values].sort()).toEqual(complete);
    await expect(picker.locator('option[value="de"]')).toHaveText("Deutsch");
    await expect(picker.locator('option[value="ja"]')).toHaveText("日本語");
    const arabic = picker.locator('option[value="ar"]');
    await expect(arabic).toHaveText("العربية");
    await expect(arabic).toHaveAttribute("lang", "ar");
    await expect(arabic).toHaveAttribute("dir", "rtl");

    await picker.selectOption("de");
    await page.getByRole("banner").getByRole("button", { name: "Switch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: read("de.json")["auth.login.title"]! })).toBeVisible();
  });
});

test("the header, the profile and the sign-in page list every finished language under its own name, searchable", async ({
  page,
}) => {
  const complete = completeLocales();
  expect(complete.length).toBeGreaterThanOrEqual(2);

  await page.goto("/studio/user/login");
  await hydrated(page);
  const picker = headerPicker(page);
  await expect(picker).toHaveValue("English");
  const names = await listed(page, picker);
  expect(names).toHaveLength(complete.length);
  expect(names).toEqual(expect.arrayContaining(["Deutsch", "日本語", "العربية", "English"]));

  // Each option in its own language; Arabic's name right to left.
  await picker.click();
  const list = languageList(page);
  const arabic = list.getByRole("option", { name: "العربية" });
  await expect(arabic).toHaveAttribute("lang", "ar");
  await expect(arabic.locator('[dir="rtl"]')).toHaveText("العربية");
  await expect(list.getByRole("option", { name: "日本語" })).toHaveAttribute("lang", "ja");

  // Typed text finds a language by its own name, its English name or its code, the best match first.
  for (const [typed, first] of [
    ["ger", "Deutsch"],
    ["deu", "Deutsch"],
    ["Deut", "Deutsch"],
    ["de", "Deutsch"],
    ["arab", "العربية"],
    ["العر", "العربية"],
    ["japanese", "日本語"],
    ["pt-BR", "Português (Brasil)"],
  ] as const) {
    await picker.fill(typed);
    await expect(list.getByRole("option").first(), typed).toHaveText(first);
  }
  // The arrow keys move through the list (the focus stays in the text box).
  await picker.fill("de");
  const second = list.getByRole("option").nth(1);
  await picker.press("ArrowDown");
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(picker).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id"))!);
  // Nothing found says so; Escape closes the list and puts the current language back.
  await picker.fill("klingon");
  await expect(page.getByRole("status").filter({ hasText: "Nothing matches." })).toBeVisible();
  await picker.press("Escape");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toHaveValue("English");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await signedInAs(page, "admin");
  await hydrated(page);
  expect(await listed(page, headerPicker(page))).toHaveLength(complete.length);

  await page.goto("/studio/user/profile");
  await hydrated(page);
  const profilePicker = page.getByRole("main").getByRole("combobox", { name: "Language", exact: true });
  expect(await listed(page, profilePicker)).toHaveLength(complete.length);
});

test("choosing a language with the keyboard on the sign-in page shows it there, Arabic right to left", async ({
  page,
}) => {
  expect(completeLocales()).toEqual(expect.arrayContaining(["ar", "de"]));
  await page.goto("/studio/user/login");
  await hydrated(page);
  await headerPicker(page).focus();
  await page.keyboard.type("Deut");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: read("de.json")["auth.login.title"]! })).toBeVisible();

  const german = read("de.json")["locale.label"]!;
  await expect(headerPicker(page, german)).toHaveValue("Deutsch");
  await headerPicker(page, german).focus();
  await page.keyboard.type("arab");
  await expect(languageList(page, german).getByRole("option").first()).toHaveText("العربية");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: read("ar.json")["auth.login.title"]! })).toBeVisible();
  await expect(headerPicker(page, read("ar.json")["locale.label"]!)).toHaveValue("العربية");
});

test("the studio header's choice is kept on the profile as well as in the cookie", async ({
  page,
  context,
  baseURL,
}) => {
  await signedInAs(page, "viewer");
  await hydrated(page);
  await headerPicker(page).fill("dutch");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  const cookie = (await context.cookies()).find((c) => c.name === "reeltime-locale");
  expect(cookie?.value).toBe("nl");
  const year = 365 * 24 * 60 * 60;
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + year - 24 * 60 * 60);

  // The profile shows the saved choice, not the cookie's (here German).
  await context.addCookies([{ name: "reeltime-locale", value: "de", url: baseURL ?? "" }]);
  await page.goto("/studio/user/profile");
  await hydrated(page);
  const german = read("de.json")["locale.label"]!;
  await expect(page.getByRole("main").getByRole("combobox", { name: german, exact: true })).toHaveValue(
    "Nederlands",
  );

  // Back to English, for the specs that sign in as this user after this one.
  await headerPicker(page, german).fill("English");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const saved = page.getByRole("main").getByRole("combobox", { name: "Language", exact: true });
  await expect(saved).toHaveValue("English");
  await page.reload();
  await hydrated(page);
  await expect(saved).toHaveValue("English");
});

test("a cookie or browser language the studio does not know falls back", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "reeltime-locale", value: "xx", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  const dutch = await page.request.get("/studio/user/login", {
    headers: { "Accept-Language": "xx-XX, xx;q=0.9, nl;q=0.5", Cookie: "" },
  });
  expect(await dutch.text()).toMatch(/<html[^>]* lang="nl"/);

  // A hand-made choice of an unknown locale is refused, and the cookie stays as it was.
  const refused = await page.request.post("/preferences/locale", {
    form: { locale: "xx", redirectTo: "/studio/user/login" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["set-cookie"] ?? "").not.toContain("reeltime-locale=xx");
});
