import { describe, expect, it } from "vitest";
import { escapeXml, MAX_SITEMAP_URLS, robotsTxt, sitemapXml } from "./crawler-files.ts";

const BASE = "https://reeltime.example";

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("drops characters XML 1.0 cannot carry and keeps the rest, astral ones included", () => {
    expect(escapeXml("a\u0000b\u0008c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\tline\nDen Haag 🎬")).toBe("tab\tline\nDen Haag 🎬");
  });
});

describe("robotsTxt", () => {
  it("allows the public site, keeps crawlers out of the studio and the API but not its reference", () => {
    const lines = robotsTxt(`${BASE}/`).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Allow: /",
        "Disallow: /studio",
        "Disallow: /api/",
        "Allow: /api/docs",
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
  });
});

describe("sitemapXml", () => {
  it("lists each page's neutral, English and Dutch URLs with all alternates, escaped", () => {
    const xml = sitemapXml(BASE, ["/", "/?city=Den+Haag"]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${BASE}/`,
      `${BASE}/?lang=en`,
      `${BASE}/?lang=nl`,
      `${BASE}/?city=Den+Haag`,
      `${BASE}/?city=Den+Haag&amp;lang=en`,
      `${BASE}/?city=Den+Haag&amp;lang=nl`,
    ]);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="nl" href="${BASE}/?city=Den+Haag&amp;lang=nl"/>`,
    );
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/?city=Den+Haag"/>`);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(6 * 3);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("never escapes into markup: a hostile page path stays text", () => {
    const xml = sitemapXml(BASE, ['/?city=<x>"&evil']);
    expect(xml).not.toContain("<x>");
    expect(xml).toContain("city=%3Cx%3E%22&amp;evil");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("stays within the protocol's 50,000 URLs", () => {
    const pages = Array.from({ length: 20_000 }, (_, i) => `/?city=c${i}`);
    const count = sitemapXml(BASE, pages).match(/<loc>/g)?.length ?? 0;
    expect(count).toBeLessThanOrEqual(MAX_SITEMAP_URLS);
    expect(count).toBeGreaterThan(MAX_SITEMAP_URLS - 3);
  });
});
