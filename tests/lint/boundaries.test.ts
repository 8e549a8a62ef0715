// The import boundaries are enforced by ESLint: these probes prove each rule bites,
// by linting small files placed (virtually) in the folders they guard.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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
});
