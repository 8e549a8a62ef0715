// The public pages' addresses for search engines: a canonical URL per page and language, the en / nl
// alternates (hreflang) and the language-neutral x-default. The locale is otherwise chosen by cookie and
// Accept-Language, which crawlers do not send, so each language version gets a URL of its own with
// ?lang= (request-locale.server.ts honours it for that response only; nothing is remembered).
import type { MetaDescriptor } from "react-router";
import { isLocale, PUBLIC_LOCALES, toLanguageTag, type Locale } from "../../core/i18n/locales.ts";

export const LANG_PARAM = "lang";

export type PublicLocale = (typeof PUBLIC_LOCALES)[number];

/** The locale a URL's ?lang= names, when it is one of `allowed`. */
export function localeFromQuery(url: URL, allowed: readonly Locale[]): Locale | undefined {
  const asked = url.searchParams.get(LANG_PARAM);
  return asked && isLocale(asked) && allowed.includes(asked) ? asked : undefined;
}

/** A same-site path without its ?lang=: after choosing a language, the cookie speaks. */
export function withoutLangParam(path: string): string {
  const url = new URL(path, "http://x");
  if (!url.searchParams.has(LANG_PARAM)) return path;
  url.searchParams.delete(LANG_PARAM);
  return url.pathname + url.search + url.hash;
}

/** The absolute URL of a public page (a path with its query), in `locale` or language-neutral. */
export function publicUrl(baseUrl: string, pagePath: string, locale?: PublicLocale): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}${pagePath}`);
  if (locale) url.searchParams.set(LANG_PARAM, locale);
  return url.href;
}

export type Alternate = { hreflang: string; href: string };

/** Every language version of a page, then x-default (the version that follows the visitor's language). */
export function alternatesOf(baseUrl: string, pagePath: string): Alternate[] {
  return [
    ...PUBLIC_LOCALES.map((locale) => ({
      hreflang: toLanguageTag(locale),
      href: publicUrl(baseUrl, pagePath, locale),
    })),
    { hreflang: "x-default", href: publicUrl(baseUrl, pagePath) },
  ];
}

function asPublicLocale(value: string | null): PublicLocale | undefined {
  return PUBLIC_LOCALES.find((locale) => locale === value);
}

/** The site's origin from the root loader's data among a meta function's matches. */
function baseUrlFrom(matches: readonly unknown[]): string | undefined {
  for (const match of matches) {
    if (typeof match !== "object" || match === null || !("id" in match) || match.id !== "root") continue;
    const data = "loaderData" in match ? match.loaderData : undefined;
    if (typeof data === "object" && data !== null && "baseUrl" in data && typeof data.baseUrl === "string")
      return data.baseUrl;
  }
  return undefined;
}

/**
 * The canonical and hreflang links of a public page, for its meta export. The canonical URL keeps the
 * ?lang= the request named (each language version is its own page) and drops everything else the
 * page's own `pagePath` leaves out.
 */
export function publicPageLinks(
  matches: readonly unknown[],
  location: { search: string },
  pagePath: string,
): MetaDescriptor[] {
  const baseUrl = baseUrlFrom(matches);
  if (!baseUrl) return [];
  const requested = asPublicLocale(new URLSearchParams(location.search).get(LANG_PARAM));
  return [
    { tagName: "link", rel: "canonical", href: publicUrl(baseUrl, pagePath, requested) },
    ...alternatesOf(baseUrl, pagePath).map(({ hreflang, href }) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: hreflang,
      href,
    })),
  ];
}
