// The statistics messages count their period's days as a plural in every language (issue #22 point 5):
// "the last 21 days" is "последний 21 день" in Russian and "آخر 30 يومًا" in Arabic, not a number pasted
// before a word that only fits some numbers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES, toLanguageTag, type Locale } from "../core/i18n/locales.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const catalogues = new Map<Locale, Record<string, string>>();
function messagesOf(locale: Locale): Record<string, string> {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(dir, `${locale}.json`), "utf8")) as Record<string, string>;
    catalogues.set(locale, messages);
  }
  return messages;
}
const DAY_KEYS = [
  "studio.stats.days",
  "studio.stats.emptyFilteredTitle",
  "studio.stats.requestsSummary",
  "studio.stats.widgetEmptyTitle",
  "studio.stats.widgetSummary",
] as const;
const format = (locale: Locale, key: (typeof DAY_KEYS)[number], days: number) =>
  String(
    new IntlMessageFormat(messagesOf(locale)[key] ?? "", toLanguageTag(locale)).format({
      days,
      requests: 5,
      credits: 5,
      impressions: 5,
      clicks: 1,
      rate: "20%",
    }),
  );

describe("the statistics' number of days", () => {
  it("is a plural argument in every locale", () => {
    for (const locale of LOCALES) {
      for (const key of DAY_KEYS)
        expect(messagesOf(locale)[key], `${locale} ${key}`).toMatch(/\{days, plural,/);
    }
  });

  it("agrees with the number in English, Russian, Polish, Arabic and Japanese", () => {
    expect(format("en", "studio.stats.days", 1)).toBe("1 day");
    expect(format("en", "studio.stats.days", 30)).toBe("30 days");
    expect(format("en", "studio.stats.widgetEmptyTitle", 1)).toBe("No widget impressions in the last day");
    expect(format("ru", "studio.stats.days", 21)).toBe("21 день");
    expect(format("ru", "studio.stats.days", 7)).toBe("7 дней");
    expect(format("ru", "studio.stats.widgetEmptyTitle", 3)).toBe("За последние 3 дня показов виджета нет");
    expect(format("pl", "studio.stats.days", 90)).toBe("90 dni");
    expect(format("pl", "studio.stats.days", 1)).toBe("1 dzień");
    expect(format("ar", "studio.stats.days", 30)).toBe("آخر 30 يومًا");
    expect(format("ar", "studio.stats.days", 7)).toBe("آخر 7 أيام");
    expect(format("ja", "studio.stats.days", 7)).toBe("7日間");
  });
});
