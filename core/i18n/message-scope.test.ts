import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json" with { type: "json" };
import { isPublicMessageKey, publicMessages } from "./message-scope.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The public pages' route modules (everything outside /studio that renders a document). */
const PUBLIC_ENTRIES = [
  "app/root.tsx",
  "app/layouts/home-layout.tsx",
  "app/layouts/default-layout.tsx",
  "app/routes/home/route.tsx",
  "app/routes/cookie-statement.tsx",
  "app/routes/not-found.tsx",
];

/**
 * The app/ modules the entries import that reach the browser (followed through relative imports; not
 * *.server modules, not core/): what renders text on a public page.
 */
function publicModules(): string[] {
  const seen = new Set<string>();
  const queue = PUBLIC_ENTRIES.map((file) => path.join(ROOT, file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(/from\s+"(\.{1,2}\/[^"]+\.tsx?)"/g)) {
      // React Router's generated route types hold no texts
      const target = path.resolve(path.dirname(file), specifier!);
      if (specifier!.includes("/+types/") || /\.server\.tsx?$/.test(target)) continue;
      if (path.relative(ROOT, target).startsWith("app/")) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(ROOT, file)).sort();
}

/** Message keys a module names: whole keys in string literals, and the fixed start of template keys. */
function keysNamedIn(source: string): { keys: string[]; prefixes: string[] } {
  const keys = [...source.matchAll(/"([a-zA-Z]+\.[a-zA-Z0-9.]+)"/g)]
    .map((match) => match[1]!)
    .filter((key) => key in en);
  const prefixes = [...source.matchAll(/`([a-zA-Z]+\.[a-zA-Z0-9.]*)\$\{/g)].map((match) => match[1]!);
  return { keys, prefixes };
}

describe("public message scope", () => {
  it("holds every message key the public pages' modules name", () => {
    const modules = publicModules();
    expect(modules).toContain("app/components/shell/site-chrome.tsx");
    const missing: string[] = [];
    for (const file of modules) {
      const { keys, prefixes } = keysNamedIn(readFileSync(path.join(ROOT, file), "utf8"));
      for (const key of keys) if (!isPublicMessageKey(key)) missing.push(`${file}: ${key}`);
      for (const prefix of prefixes) {
        const matching = Object.keys(en).filter((key) => key.startsWith(prefix));
        if (matching.length === 0 || !matching.every(isPublicMessageKey)) missing.push(`${file}: ${prefix}…`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("leaves the studio's, mail and import texts out", () => {
    const scoped = publicMessages(en);
    expect(Object.keys(scoped).length).toBeGreaterThan(50);
    expect(Object.keys(scoped).some((key) => /^(mail|ingest|validation|auth)\./.test(key))).toBe(false);
    expect(Object.keys(scoped).filter((key) => key.startsWith("studio."))).toEqual([
      "studio.apiLookup.storagePurpose",
    ]);
    expect(JSON.stringify(scoped).length).toBeLessThan(JSON.stringify(en).length / 5);
  });
});
