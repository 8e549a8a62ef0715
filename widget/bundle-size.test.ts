// The widget's size budget (issue 10): at most 15 KB of script and 5 KB of stylesheet, gzipped, for the
// files the build serves (the test setup builds first when sources are newer). English is the only
// language inside the script; each other locale's texts are a small file beside it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../core/i18n/locales.ts";

const dir = path.resolve(import.meta.dirname, "../build/client/widget/v1");
const gzipped = (file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;

describe("the widget bundle", () => {
  it("keeps its script within 15 KB gzipped", () => {
    expect(gzipped("reeltime.js")).toBeLessThanOrEqual(15 * 1024);
  });

  it("keeps its stylesheet within 5 KB gzipped", () => {
    expect(gzipped("reeltime.css")).toBeLessThanOrEqual(5 * 1024);
  });

  it("ships content-hashed copies equal to the stable files, named in its manifest", () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<
      string,
      string
    >;
    for (const file of ["reeltime.js", "reeltime.css"]) {
      expect(manifest[file]).toMatch(/^reeltime\.[0-9a-f]{10}\.(js|css)$/);
      expect(readFileSync(path.join(dir, manifest[file]!))).toEqual(readFileSync(path.join(dir, file)));
    }
  });

  it("ships every other locale's texts as a small content-hashed file beside it, named in the manifest and by the script", () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<
      string,
      string
    >;
    const source = (locale: string) =>
      Object.entries(
        JSON.parse(readFileSync(path.resolve(dir, `../../../../locales/${locale}.json`), "utf8")) as Record<
          string,
          string
        >,
      ).filter(([key]) => key.startsWith("widget."));
    const script = readFileSync(path.join(dir, "reeltime.js"), "utf8");
    expect(manifest["reeltime.en.json"]).toBeUndefined();
    const hashes = new Set<string>();
    for (const locale of LOCALES.filter((code) => code !== "en")) {
      const file = manifest[`reeltime.${locale}.json`] ?? "";
      const [, hash] = /^reeltime\.[a-z_]+\.([0-9a-f]{10})\.json$/.exec(file) ?? [];
      expect(file, locale).toBe(`reeltime.${locale}.${hash}.json`);
      hashes.add(hash ?? "");
      expect(JSON.parse(readFileSync(path.join(dir, file), "utf8")), locale).toEqual(
        Object.fromEntries(source(locale)),
      );
      expect(gzipped(file), locale).toBeLessThanOrEqual(1024);
      // Not inside the script: a page in English loads no other language.
      expect(script, locale).not.toContain(
        JSON.stringify(Object.fromEntries(source(locale))["widget.loading"]).slice(1, -1),
      );
    }
    // One hash for all of them (that of every locale's widget texts), which the script knows.
    expect(hashes.size).toBe(1);
    expect(script).toContain([...hashes][0]);
  });

  it("uses no eval, no Function constructor and no cookies", () => {
    const script = readFileSync(path.join(dir, "reeltime.js"), "utf8");
    expect(script).not.toMatch(/\beval\(|new Function\(|document\.cookie/);
  });
});
