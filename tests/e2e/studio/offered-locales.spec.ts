// Issue 11 point 7: the studio and its sign-in pages offer only the locales whose file in locales/ is
// complete (today English and Dutch); a cookie or browser language naming an unfinished locale falls
// back, as if it were unknown.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import { hydrated, signedInAs } from "./support.ts";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../../../locales");

/** The locale files that have every key of en.json: what the pickers must offer. */
function completeLocales(): string[] {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(LOCALES_DIR, file), "utf8")) as Record<string, string>;
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

/** The values a language picker offers: a select's options, or the sign-in page's buttons. */
async function offered(picker: Locator) {
  // evaluateAll does not wait: the picker must be on screen first (after a client-side sign-in the
  // address says /studio a moment before the studio's header replaces the sign-in page's).
  await expect(picker).toBeVisible();
  return (
    await picker
      .locator("option, button[name=locale]")
      .evaluateAll((elements) => elements.map((e) => (e as HTMLOptionElement | HTMLButtonElement).value))
  ).sort();
}

test("the header, the profile and the sign-in page offer only the finished languages", async ({ page }) => {
  const complete = completeLocales();
  expect(complete).toEqual(["en", "nl"]);

  await page.goto("/studio/user/login");
  expect(await offered(page.getByRole("banner").getByRole("form", { name: "Language" }))).toEqual(complete);

  await signedInAs(page, "admin");
  await hydrated(page);
  expect(await offered(page.getByRole("banner").getByRole("combobox", { name: "Language" }))).toEqual(
    complete,
  );

  await page.goto("/studio/user/profile");
  expect(await offered(page.getByRole("main").getByRole("combobox", { name: "Language" }))).toEqual(complete);
});

test("a cookie or browser language of an unfinished locale falls back to a finished one", async ({
  page,
  context,
  baseURL,
}) => {
  // German has no file yet: the cookie is passed over, and so is the browser's first choice.
  await context.addCookies([{ name: "reeltime-locale", value: "de", url: baseURL ?? "" }]);
  await page.goto("/studio/user/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  const dutch = await page.request.get("/studio/user/login", {
    headers: { "Accept-Language": "fr-FR, fr;q=0.9, nl;q=0.5", Cookie: "" },
  });
  expect(await dutch.text()).toMatch(/<html[^>]* lang="nl"/);

  // A hand-made choice of an unfinished locale is refused, and the cookie stays as it was.
  const refused = await page.request.post("/preferences/locale", {
    form: { locale: "fr", redirectTo: "/studio/user/login" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(refused.headers()["set-cookie"] ?? "").not.toContain("reeltime-locale=fr");
});
