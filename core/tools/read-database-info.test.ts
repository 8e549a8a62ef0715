// The tools page's read-only information: migrations (applied, pending, changed) and table sizes and rows.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client.ts";
import { movies } from "../../db/schema/catalog.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { readMigrationStatus } from "./read-migration-status.ts";
import { readTableSizes } from "./read-table-sizes.ts";

const database = useTestDatabase();
let s: Scenario;
let folder: string;
beforeAll(async () => {
  s = await createScenario(database().db);
  folder = await mkdtemp(path.join(tmpdir(), "reeltime-migrations-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("migration status", () => {
  it("lists every migration file as applied on a migrated database", async () => {
    const status = await readMigrationStatus({ ...database(), migrationsFolder }, actorFor(s.superAdmin));
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { tag: string }[];
    };
    expect(status.migrations.map((m) => m.tag)).toEqual(journal.entries.map((e) => e.tag));
    expect(status.migrations.every((m) => m.state === "applied")).toBe(true);
    expect(status).toMatchObject({ pending: 0, unknown: 0, applied: journal.entries.length });
  });

  it("tells a pending file and a file changed after it was applied", async () => {
    await cp(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_next" });
    await writeFile(journalPath, JSON.stringify(journal));
    await writeFile(path.join(folder, "9999_next.sql"), "SELECT 1;");
    await writeFile(path.join(folder, `${journal.entries[0]!.tag}.sql`), "-- edited\n", { flag: "a" });

    const status = await readMigrationStatus(
      { ...database(), migrationsFolder: folder },
      actorFor(s.superAdmin),
    );
    expect(status.migrations.at(-1)).toMatchObject({ tag: "9999_next", state: "pending" });
    expect(status.migrations[0]).toMatchObject({ state: "changed" });
    expect(status.pending).toBe(1);
  });

  it("is for super admins only", async () => {
    await expectAppError(
      readMigrationStatus({ ...database(), migrationsFolder }, actorFor(s.adminA, s.clientA)),
      "forbidden",
      "access.superAdminOnly",
    );
  });
});

describe("table sizes", () => {
  it("lists the tables with exact row counts, sizes and statistics", async () => {
    const { db } = database();
    await db.insert(movies).values([
      { title: "Size test one", slug: `size-one-${Date.now()}` },
      { title: "Size test two", slug: `size-two-${Date.now()}` },
    ]);
    const tables = await readTableSizes(database(), actorFor(s.superAdmin));
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["movies", "showtimes", "users", "exports"]));
    const movieTable = tables.find((t) => t.name === "movies")!;
    expect(movieTable).toMatchObject({ rows: 2, rowsExact: true });
    expect(movieTable.totalBytes).toBeGreaterThan(0);
    expect(movieTable.totalBytes).toBeGreaterThanOrEqual(movieTable.tableBytes + movieTable.indexBytes);
    // Biggest first.
    const totals = tables.map((t) => t.totalBytes);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it("is for super admins only", async () => {
    await expectAppError(readTableSizes(database(), actorFor(s.outsider)), "forbidden");
  });
});
