// Issue #22: the sign-in page and the dashboard in every locale of SPEC §9, rendered on the server: the
// right lang and dir on <html>, the page's title in that language, and no English interface sentence left
// in what the page shows (every multi-word English message without placeholders whose translation differs).
import { describe, expect, it } from "vitest";
import { LOCALES, textDirection, toLanguageTag } from "../core/i18n/locales.ts";
import { get, setUpStudio } from "../tests/helpers/studio-test-app.ts";

const { studio } = setUpStudio();

/** The text a page shows: no scripts, styles or tags, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");
}

/** English sentences of the interface the locale translates differently (plain text, two words or more). */
function englishSentences(locale: string): string[] {
  const english = studio().i18n.messagesFor("en");
  const own = studio().i18n.messagesFor(locale as "en");
  return Object.entries(english)
    .filter(
      ([key, text]) =>
        own[key] !== text && !/[{}<]/.test(text) && (text.match(/\p{L}{2,}/gu) ?? []).length >= 2,
    )
    .map(([, text]) => text);
}

function htmlTag(html: string) {
  return html.match(/<html\b[^>]*>/i)?.[0] ?? "";
}

describe.each(LOCALES.filter((locale) => locale !== "en"))("%s", (locale) => {
  const cookie = `reeltime-locale=${locale}`;

  it("signs in in its language and direction, with no English sentence left", async () => {
    const res = await get(studio().app, "/studio/user/login", cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlTag(html)).toContain(`lang="${toLanguageTag(locale)}"`);
    expect(htmlTag(html)).toContain(`dir="${textDirection(locale)}"`);
    const text = visibleText(html);
    expect(text).toContain(studio().i18n.messagesFor(locale)["auth.login.title"]);
    expect(englishSentences(locale).filter((sentence) => text.includes(sentence))).toEqual([]);
  });

  it("shows the dashboard in its language, with no English sentence left", async () => {
    const res = await get(studio().app, "/studio", `${studio().cookies.admin}; ${cookie}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlTag(html)).toContain(`lang="${toLanguageTag(locale)}"`);
    const text = visibleText(html);
    expect(text).toContain(studio().i18n.messagesFor(locale)["studio.nav.dashboard"]);
    expect(englishSentences(locale).filter((sentence) => text.includes(sentence))).toEqual([]);
  });
});
