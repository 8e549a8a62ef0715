// The import boundaries are enforced by ESLint: these probes prove each rule bites,
// by linting small files placed (virtually) in the folders they guard.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { CORE_BASE, CORE_CYCLES, CORE_DOMAINS, coreDomainOf } from "../../core/boundaries.ts";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("import boundaries", () => {
  it("app/ may not import drizzle-orm, not even its types", async () => {
    expect(
      await problems("app/routes/probe.ts", 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'),
    ).toEqual([expect.stringMatching(/no-restricted-imports: .*drizzle-orm/)]);
    expect(
      await problems(
        "app/lib/probe.ts",
        'import type { SQL } from "drizzle-orm/sql";\nexport type X = SQL;\n',
      ),
    ).toEqual([expect.stringMatching(/drizzle-orm/)]);
  });

  it("app/ may not import db/, not even its types", async () => {
    expect(
      await problems(
        "app/routes/studio/probe.ts",
        'import type { Database } from "../../../db/client.ts";\nexport type X = Database;\n',
      ),
    ).toEqual([expect.stringMatching(/must not import db\//)]);
  });

  it("app/ may not touch the database handle", async () => {
    expect(
      await problems(
        "app/routes/probe.server.ts",
        "export const rows = (services: { db: { select: () => number } }) => services.db.select();\n",
      ),
    ).toEqual([expect.stringMatching(/does not touch the database handle/)]);
  });

  it("server modules of routes may not import UI component files", async () => {
    expect(
      await problems(
        "app/routes/studio/probe.server.ts",
        'import { DataTable } from "../../components/ui/data-table.tsx";\nexport const x = DataTable;\n',
      ),
    ).toEqual([expect.stringMatching(/Server code does not import UI component files/)]);
  });

  it("core/ may not import react, react-router or hono", async () => {
    for (const source of ["react", "react-router", "hono", "@hono/node-server"]) {
      expect(
        await problems(
          "core/probe/probe.ts",
          `import * as probe from "${source}";\nexport const x = probe;\n`,
        ),
        source,
      ).toEqual([expect.stringMatching(/core\/ is the domain/)]);
    }
  });

  it("lets allowed imports through (the probes are not failing for another reason)", async () => {
    expect(
      await problems("core/probe/probe.ts", 'import { z } from "zod";\nexport const schema = z.string();\n'),
    ).toEqual([]);
    expect(
      await problems(
        "app/routes/probe.ts",
        'import { AppError } from "../../core/errors.ts";\nexport const e = AppError;\n',
      ),
    ).toEqual([]);
  });

  it("a core domain may not import a domain core/boundaries.ts does not list for it", async () => {
    expect(
      await problems(
        "core/access/probe.ts",
        'import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";\nexport const x = normalizeFeedTitle;\n',
      ),
    ).toEqual([expect.stringMatching(/core\/access may not import core\/catalog\/movies/)]);
  });

  it("a core domain may not reach into another domain's internals, even one it may import", async () => {
    expect(CORE_DOMAINS["credits"]).toContain("api");
    expect(
      await problems(
        "core/credits/probe.ts",
        'import { listShowtimes } from "../api/showtimes/list-showtimes.ts";\nexport const x = listShowtimes;\n',
      ),
    ).toEqual([expect.stringMatching(/is inside core\/api's own folders/)]);
  });

  it("a new core folder must be declared before it imports another domain", async () => {
    expect(
      await problems(
        "core/probe/probe.ts",
        'import type { Actor } from "../access/actor.ts";\nexport type X = Actor;\n',
      ),
    ).toEqual([expect.stringMatching(/core\/probe is not a domain in CORE_DOMAINS/)]);
  });

  it("lets a declared dependency, the base and the domain's own folders through", async () => {
    expect(
      await problems(
        "core/showtimes/probe.ts",
        [
          'import { findCity } from "../catalog/cinemas/places.ts";',
          'import { parseInput } from "../shared/input.ts";',
          'import { AppError } from "../errors.ts";',
          "export const x = [findCity, parseInput, AppError];",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
    expect(
      await problems(
        "core/ingest/probe.ts",
        'import { reeltimeCsvAdapter } from "./adapters/reeltime-csv.ts";\nexport const x = reeltimeCsvAdapter;\n',
      ),
    ).toEqual([]);
  });
});

describe("the map of core/ (core/boundaries.ts)", () => {
  const coreDir = path.join(root, "core");
  const sources = readdirSync(coreDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  /** every domain that holds a file: the folders of core/, and the subfolders of its groups */
  const domains = [
    ...new Set(sources.map((file) => coreDomainOf(file)?.name).filter((name) => name !== undefined)),
  ];

  /** domain → the domains its production files import (tests aside), read from the sources */
  function importedDomains(): Map<string, Set<string>> {
    const found = new Map<string, Set<string>>();
    for (const file of sources) {
      const from = coreDomainOf(file)?.name;
      if (!from) continue;
      for (const match of readFileSync(path.join(coreDir, file), "utf8").matchAll(/from\s+"(\.[^"]+)"/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
        const to = coreDomainOf(target)?.name;
        if (!to || to === from || target.startsWith("..") || CORE_BASE.includes(to)) continue;
        found.set(from, (found.get(from) ?? new Set()).add(to));
      }
    }
    return found;
  }

  it("names every domain of core/ (its folders, and its groups' subfolders), as a domain or as the base", () => {
    expect(domains.filter((domain) => !(domain in CORE_DOMAINS) && !CORE_BASE.includes(domain))).toEqual([]);
    expect(Object.keys(CORE_DOMAINS).filter((domain) => !domains.includes(domain))).toEqual([]);
  });

  it("declares only dependencies the code has (the map stays true)", () => {
    const imported = importedDomains();
    const unused = Object.entries(CORE_DOMAINS).flatMap(([domain, allowed]) =>
      allowed.filter((other) => !imported.get(domain)?.has(other)).map((other) => `${domain} → ${other}`),
    );
    expect(unused).toEqual([]);
  });

  it("has no cycle but the pairs CORE_CYCLES names, each with its reason", () => {
    const pairs = Object.entries(CORE_DOMAINS).flatMap(([domain, allowed]) =>
      allowed
        .filter((other) => domain < other && CORE_DOMAINS[other]?.includes(domain))
        .map((other) => `${domain} ↔ ${other}`),
    );
    expect(pairs.sort()).toEqual(Object.keys(CORE_CYCLES).sort());
    // and no longer loop (a → b → c → a) outside those pairs
    const cut = new Set(
      Object.keys(CORE_CYCLES).flatMap((pair) => {
        const [a, b] = pair.split(" ↔ ");
        return [`${a}→${b}`, `${b}→${a}`];
      }),
    );
    const state = new Map<string, "open" | "done">();
    const loops: string[] = [];
    const visit = (domain: string, trail: string[]) => {
      if (state.get(domain) === "done") return;
      if (state.get(domain) === "open") {
        loops.push([...trail.slice(trail.indexOf(domain)), domain].join(" → "));
        return;
      }
      state.set(domain, "open");
      for (const other of CORE_DOMAINS[domain] ?? []) {
        if (!cut.has(`${domain}→${other}`)) visit(other, [...trail, domain]);
      }
      state.set(domain, "done");
    };
    for (const domain of Object.keys(CORE_DOMAINS)) visit(domain, []);
    expect(loops).toEqual([]);
  });
});
