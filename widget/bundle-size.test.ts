// The widget's size budget (issue 10): at most 15 KB of script and 5 KB of stylesheet, gzipped, for the
// files the build serves (the test setup builds first when sources are newer).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

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

  it("uses no eval, no Function constructor and no cookies", () => {
    const script = readFileSync(path.join(dir, "reeltime.js"), "utf8");
    expect(script).not.toMatch(/\beval\(|new Function\(|document\.cookie/);
  });
});
