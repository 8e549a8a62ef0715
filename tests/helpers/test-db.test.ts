import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { users } from "../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../db/schema/tenancy.ts";
import { createTestDatabase, testDatabaseKind, withTestDatabase } from "./test-db.ts";

type Row = Record<string, unknown>;

async function rows<T extends Row>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe("createTestDatabase", () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("uses the engine TEST_DATABASE_URL selects", () => {
    expect(a.kind).toBe(testDatabaseKind());
    expect(a.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("has the migrations applied", async () => {
    const tables = await rows<{ table_name: string }>(
      a,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = tables.map((t) => t.table_name);
    for (const table of ["users", "sessions", "profiles", "clients", "client_members", "showtimes"]) {
      expect(names).toContain(table);
    }
    const [journal] = await rows<{ n: number | string }>(
      a,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(journal?.n)).toBeGreaterThan(0);
  });

  it("has the user_clients view with exactly the SPEC columns", async () => {
    const columns = await rows<{ column_name: string }>(
      a,
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'user_clients' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      "user_profile_id",
      "client_id",
      "client_slug",
      "client_name",
      "user_role",
    ]);
  });

  it("keeps two databases isolated", async () => {
    await a.db.insert(clients).values({ name: "Only in A", slug: "only-in-a" });
    const inA = await a.db.select().from(clients);
    const inB = await b.db.select().from(clients);
    expect(inA.map((c) => c.name)).toEqual(["Only in A"]);
    expect(inB).toEqual([]);
  });

  it("has pg_trgm", async () => {
    const [row] = await rows<{ s: number | string }>(a, sql`select similarity('a', 'a') as s`);
    expect(Number(row?.s)).toBe(1);
  });

  it("gives client_slug '' when a client's slug is null", async () => {
    const [user] = await b.db
      .insert(users)
      .values({ name: "Viewer", email: "viewer@example.com" })
      .returning({ id: users.id });
    const [profile] = await b.db.insert(profiles).values({ userId: user!.id }).returning({ id: profiles.id });
    const [client] = await b.db
      .insert(clients)
      .values({ name: "No Slug Cinemas", slug: null })
      .returning({ uuid: clients.uuid });
    await b.db
      .insert(clientMembers)
      .values({ clientId: client!.uuid, profileId: profile!.id, role: "viewer" });

    const found = await rows<Row>(b, sql`select * from user_clients where user_profile_id = ${profile!.id}`);
    expect(found).toEqual([
      {
        user_profile_id: profile!.id,
        client_id: client!.uuid,
        client_slug: "",
        client_name: "No Slug Cinemas",
        user_role: "viewer",
      },
    ]);
  });
});

describe("withTestDatabase", () => {
  it("runs the callback on a fresh database, returns its result and closes it", async () => {
    let seen: DatabaseHandle | undefined;
    const count = await withTestDatabase(async (handle) => {
      seen = handle;
      await handle.db.insert(clients).values({ name: "Temporary" });
      return (await handle.db.select().from(clients)).length;
    });
    expect(count).toBe(1);
    // Closed afterwards: the handle no longer answers.
    await expect(seen!.ping()).rejects.toThrow();
  });

  it("closes the database when the callback throws", async () => {
    let seen: DatabaseHandle | undefined;
    await expect(
      withTestDatabase((handle) => {
        seen = handle;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(seen!.ping()).rejects.toThrow();
  });
});
