// robots.txt and sitemap.xml as text: pure, so the routes stay thin and the escaping is tested.
import { alternatesOf, publicUrl, type PublicLocale } from "./public-urls.ts";
import { PUBLIC_LOCALES } from "../../core/i18n/locales.ts";

/** The sitemap protocol's limit per file. */
export const MAX_SITEMAP_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** A code point XML 1.0 can carry (not controls other than tab and line ends, nor lone surrogates). */
function isXmlCharacter(code: number) {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Text for an XML element or a quoted attribute; characters XML 1.0 cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  let out = "";
  for (const character of text) {
    if (!isXmlCharacter(character.codePointAt(0) ?? 0)) continue;
    out += XML_ESCAPES[character] ?? character;
  }
  return out;
}

/**
 * The crawl rules. The studio is staff-only and the API answers keys, so neither is crawled; the API
 * reference (/api/docs) is a public page developers search for, so it stays allowed (the longer Allow
 * rule wins over Disallow: /api/). The preference forms only take POSTs.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /studio",
    "Disallow: /api/",
    "Allow: /api/docs",
    "Disallow: /preferences/",
    "",
    `Sitemap: ${publicUrl(baseUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/**
 * The sitemap of public pages (paths with their query, language-neutral): each page's x-default, en and
 * nl URLs, each listing all of them as alternates (every version names the others and itself). Pages
 * beyond the protocol's 50,000 URLs are left out.
 */
export function sitemapXml(baseUrl: string, pagePaths: readonly string[]): string {
  const versions: (PublicLocale | undefined)[] = [undefined, ...PUBLIC_LOCALES];
  const pages = pagePaths.slice(0, Math.floor(MAX_SITEMAP_URLS / versions.length));
  const entries = pages.flatMap((pagePath) => {
    const links = alternatesOf(baseUrl, pagePath)
      .map(
        (a) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
      )
      .join("\n");
    return versions.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(publicUrl(baseUrl, pagePath, locale))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
