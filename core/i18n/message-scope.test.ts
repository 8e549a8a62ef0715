import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json" with { type: "json" };
import { isPublicMessageKey, publicMessages, publicScopeOf, type PublicScope } from "./message-scope.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The public pages' route modules (everything outside /studio that renders a document), each with the
 * messages its pages carry: the site's, or the site's and a page's own (PAGE_MESSAGE_SCOPES).
 */
const PUBLIC_ENTRIES: { file: string; scope: PublicScope }[] = [
  { file: "app/root.tsx", scope: "site" },
  { file: "app/layouts/home-layout.tsx", scope: "site" },
  { file: "app/layouts/default-layout.tsx", scope: "site" },
  { file: "app/routes/home/route.tsx", scope: "site" },
  { file: "app/routes/films/route.tsx", scope: "films" },
  { file: "app/routes/cinemas/route.tsx", scope: "cinemas" },
  { file: "app/routes/shows/route.tsx", scope: "shows" },
  { file: "app/routes/shows/follow.tsx", scope: "films" },
  { file: "app/routes/shows/alert-confirm.tsx", scope: "alerts" },
  { file: "app/routes/shows/alert-unsubscribe.tsx", scope: "alerts" },
  { file: "app/routes/cookie-statement.tsx", scope: "site" },
  { file: "app/routes/not-found.tsx", scope: "site" },
];

/**
 * The app/ modules `entries` import that reach the browser (followed through relative imports; not
 * *.server modules, not core/): what renders text on a public page.
 */
function publicModules(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((file) => path.join(ROOT, file));
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
  it("holds every message key the public pages' modules name, in the scope of the page that shows them", () => {
    expect(publicModules(PUBLIC_ENTRIES.map((e) => e.file))).toContain(
      "app/components/shell/site-chrome.tsx",
    );
    const missing: string[] = [];
    for (const entry of PUBLIC_ENTRIES) {
      const inScope = (key: string) => isPublicMessageKey(key, entry.scope);
      for (const file of publicModules([entry.file])) {
        const { keys, prefixes } = keysNamedIn(readFileSync(path.join(ROOT, file), "utf8"));
        for (const key of keys) if (!inScope(key)) missing.push(`${file} (${entry.scope}): ${key}`);
        for (const prefix of prefixes) {
          const matching = Object.keys(en).filter((key) => key.startsWith(prefix));
          if (matching.length === 0 || !matching.every(inScope))
            missing.push(`${file} (${entry.scope}): ${prefix}…`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives a page's own texts to that page only", () => {
    expect(publicScopeOf("/")).toBe("site");
    expect(publicScopeOf("/films/dune")).toBe("films");
    expect(publicScopeOf("/films/dune.data")).toBe("films");
    expect(publicScopeOf("/cinemas/eye")).toBe("cinemas");
    expect(publicScopeOf("/filmsx")).toBe("site");
    const site = publicMessages(en);
    expect(Object.keys(site).some((key) => /^(film|cinema)\./.test(key))).toBe(false);
    expect(Object.keys(publicMessages(en, "films"))).toEqual(
      expect.arrayContaining(["film.tonight", "home.title"]),
    );
    expect(Object.keys(publicMessages(en, "films")).some((key) => key.startsWith("cinema."))).toBe(false);
    expect(Object.keys(publicMessages(en, "cinemas"))).toEqual(
      expect.arrayContaining(["film.tonight", "cinema.programme"]),
    );
  });

  it("leaves the studio's, mail and import texts out", () => {
    const scoped = publicMessages(en);
    expect(Object.keys(scoped).length).toBeGreaterThan(50);
    expect(Object.keys(scoped).some((key) => /^(mail|ingest|validation|auth)\./.test(key))).toBe(false);
    expect(Object.keys(scoped).filter((key) => key.startsWith("studio."))).toEqual([
      "studio.apiLookup.storagePurpose",
      "studio.switch",
    ]);
    expect(JSON.stringify(scoped).length).toBeLessThan(JSON.stringify(en).length / 5);
  });
});
