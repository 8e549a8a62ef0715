// docs/architecture.md is the map a newcomer reads first: every file and folder it names must exist, so a
// move that forgets the map fails here. Paths are the backticked ones that start with a top folder;
// patterns with <…>, * or {…} are left out.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const TOP = [
  "app",
  "core",
  "db",
  "server",
  "cli",
  "widget",
  "bench",
  "scripts",
  "tests",
  "locales",
  "docs",
  "public",
];

function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = (match[1] ?? "").replace(/[.,:;]$/, "");
    if (!TOP.some((top) => candidate.startsWith(`${top}/`))) continue;
    if (/[<>*{}]|\.\.\./.test(candidate) || candidate.includes("…")) continue;
    found.add(candidate.replace(/\/$/, ""));
  }
  return [...found];
}

describe.each(["docs/architecture.md", "README.md"])("%s", (file) => {
  it("names only files and folders that exist", () => {
    const named = namedPaths(readFileSync(path.join(root, file), "utf8"));
    expect(named.length).toBeGreaterThan(file === "README.md" ? 3 : 100);
    expect(named.filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  });
});
