// Every locale file has exactly en.json's keys, non-empty strings, and the same ICU placeholders
// (umami's check-missing-messages, ARCHITECTURE §4). Failures name the file and the keys.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isLocale, PUBLIC_LOCALES } from "../core/i18n/locales.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), "utf8"));

/**
 * Argument names (`{path}`, `{count, plural, …}`) and rich-text tags (`<link>…</link>` as "<link>")
 * used by an ICU message, nested ones included. Throws on unbalanced braces.
 */
function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  let i = 0;

  // Message text until an unmatched "}" (nested) or the end (top level).
  const text = (nested: boolean) => {
    while (i < message.length) {
      const c = message[i];
      if (c === "'") {
        const next = message[i + 1];
        if (next === "'") i += 2;
        else if (next === "{" || next === "}" || next === "#") {
          const end = message.indexOf("'", i + 1);
          i = end < 0 ? message.length : end + 1;
        } else i += 1;
      } else if (c === "{") {
        i += 1;
        argument();
      } else if (c === "}") {
        if (!nested) throw new Error(`unmatched "}" at ${i}`);
        i += 1;
        return;
      } else if (c === "<") {
        const tag = /^<\/?([a-zA-Z][\w-]*)\s*\/?>/.exec(message.slice(i));
        if (tag) found.add(`<${tag[1]}>`);
        i += tag ? tag[0].length : 1;
      } else i += 1;
    }
    if (nested) throw new Error('missing "}"');
  };

  const token = (stops: string) => {
    const start = i;
    while (i < message.length && !stops.includes(message[i]!)) i += 1;
    return message.slice(start, i).trim();
  };

  const argument = () => {
    const name = token(",}");
    if (!name) throw new Error(`empty argument at ${i}`);
    found.add(name);
    if (message[i] === "}") {
      i += 1;
      return;
    }
    if (message[i] !== ",") throw new Error(`missing "}" after {${name}`);
    i += 1;
    const type = token(",}");
    if (message[i] === "}") {
      i += 1;
      return;
    }
    i += 1; // ","
    if (type === "plural" || type === "select" || type === "selectordinal") {
      for (;;) {
        while (/\s/.test(message[i] ?? "")) i += 1;
        if (i >= message.length) throw new Error(`missing "}" in {${name}, ${type}}`);
        if (message[i] === "}") {
          i += 1;
          return;
        }
        const selector = token("{} \t\n");
        while (/\s/.test(message[i] ?? "")) i += 1;
        if (selector.startsWith("offset:")) continue;
        if (message[i] !== "{") throw new Error(`option "${selector}" of {${name}} has no message`);
        i += 1;
        text(true);
      }
    }
    // number / date / time with a style or skeleton: skip to the closing brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === "{") depth += 1;
      else if (message[i] === "}") depth -= 1;
      i += 1;
    }
    if (depth > 0) throw new Error(`missing "}" in {${name}, ${type}}`);
  };

  text(false);
  return [...found].sort();
}

const english = files.includes("en.json") ? (read("en.json") as Record<string, unknown>) : {};
const englishKeys = Object.keys(english).sort();

describe("placeholdersOf", () => {
  it("finds simple, plural, select, nested and tag placeholders", () => {
    expect(placeholdersOf("Page not found: {path}")).toEqual(["path"]);
    expect(placeholdersOf("{count, plural, =0 {No films} one {# film at {cinema}} other {# films}}")).toEqual(
      ["cinema", "count"],
    );
    expect(placeholdersOf("{kind, select, a {A} other {B {x}}}")).toEqual(["kind", "x"]);
    expect(placeholdersOf("{n, number, ::currency/EUR} on {d, date, short}")).toEqual(["d", "n"]);
    expect(placeholdersOf("Read the <link>statement</link>")).toEqual(["<link>"]);
    expect(placeholdersOf("What's on '{literal}' today")).toEqual([]);
    expect(() => placeholdersOf("broken {path")).toThrow();
    expect(() => placeholdersOf("broken path}")).toThrow();
  });
});

describe("locales/", () => {
  it("has en.json, the source of every key", () => {
    expect(files).toContain("en.json");
    expect(englishKeys.length).toBeGreaterThan(0);
  });

  it("names every file after a SPEC.md §9 locale code", () => {
    expect(files.filter((f) => !isLocale(f.slice(0, -".json".length)))).toEqual([]);
  });

  it("has a file for every language the public pages offer", () => {
    // The public pages' picker lists PUBLIC_LOCALES as they are: each must be finished (the checks
    // below hold every file to English's keys), or the picker would offer a half-translated site.
    expect(PUBLIC_LOCALES.filter((locale) => !files.includes(`${locale}.json`))).toEqual([]);
  });

  describe.each(files)("%s", (file) => {
    const content = read(file);

    it("is a flat JSON object", () => {
      expect(content).toBeTypeOf("object");
      expect(content).not.toBeNull();
      expect(Array.isArray(content)).toBe(false);
    });

    const messages = (content ?? {}) as Record<string, unknown>;

    it("has exactly the keys of en.json", () => {
      const keys = new Set(Object.keys(messages));
      const missing = englishKeys.filter((k) => !keys.has(k));
      const extra = [...keys].filter((k) => !(k in english)).sort();
      expect({ file, missing, extra }).toEqual({ file, missing: [], extra: [] });
    });

    it("has only non-empty string values", () => {
      const bad = Object.entries(messages)
        .filter(([, v]) => typeof v !== "string" || v.trim() === "")
        .map(([k]) => k);
      expect(bad).toEqual([]);
    });

    it("uses the same ICU placeholders as English in every message", () => {
      const mismatches: string[] = [];
      for (const [key, value] of Object.entries(messages)) {
        const source = english[key];
        if (typeof value !== "string" || typeof source !== "string") continue;
        let ours: string[];
        try {
          ours = placeholdersOf(value);
        } catch (error) {
          mismatches.push(`${key}: not a valid ICU message (${(error as Error).message})`);
          continue;
        }
        const theirs = placeholdersOf(source);
        if (ours.join("|") !== theirs.join("|")) {
          mismatches.push(`${key}: has {${ours.join("}, {")}} but en.json has {${theirs.join("}, {")}}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  });
});
