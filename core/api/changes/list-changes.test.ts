import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { listChanges, SETTLE_MS } from "./list-changes.ts";

const NL = { countries: ["NL"] };

describe("listChanges", () => {
  const db = useTestDatabase();
  let clock = Date.now();
  const services = () => ({ db: db().db, now: () => new Date(clock), baseUrl: "https://reeltime.test" });
  let seededBefore: Date;

  beforeAll(async () => {
    seededBefore = new Date(Date.now() - 1000);
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
    clock = Date.now() + SETTLE_MS + 1000;
  });

  async function drain(since: Parameters<typeof listChanges>[2]["since"], limit = 200) {
    const changes = [];
    let next = since;
    for (let i = 0; i < 200; i++) {
      const page = await listChanges(services(), NL, { since: next, limit });
      changes.push(...page.data);
      const cursor = page.pagination.next_cursor;
      next = { kind: "cursor", cursor };
      if (!page.pagination.has_more) return { changes, cursor };
    }
    throw new Error("too many pages");
  }

  it("feeds every showtime of the granted countries once, in the order they changed", async () => {
    const { changes } = await drain({ kind: "time", at: seededBefore }, 150);
    const expected = await queryRows<{ id: string }>(
      db().db,
      sql`select id from showtimes where country_code = 'NL' order by updated_at, id`,
    );
    expect(changes.map((c) => c.showtime.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(changes.map((c) => c.change))).toEqual(new Set(["created"]));
    expect(changes[0]!.changed_at).toMatch(/\+01:00$/);
  });

  it("continues from the last cursor with changed and cancelled shows, and holds back the last seconds", async () => {
    const { cursor, changes: before } = await drain({ kind: "time", at: seededBefore });
    expect(before.length).toBeGreaterThan(0);
    const empty = await listChanges(services(), NL, { since: { kind: "cursor", cursor } });
    expect(empty.data).toEqual([]);
    expect(empty.pagination).toEqual({ next_cursor: cursor, has_more: false });

    const [changed] = await queryRows<{ id: string }>(
      db().db,
      sql`update showtimes set seats_available = 3, availability = 'few-left', updated_at = now()
          where id = (select id from showtimes where country_code = 'NL' order by id limit 1) returning id`,
    );
    const [cancelled] = await queryRows<{ id: string }>(
      db().db,
      sql`update showtimes set status = 'cancelled', updated_at = now() + interval '1 millisecond'
          where id = (select id from showtimes where country_code = 'NL' order by id desc limit 1) returning id`,
    );
    await queryRows(
      db().db,
      sql`update showtimes set updated_at = now() where id = (select id from showtimes where country_code = 'DK' limit 1)`,
    );

    clock = Date.now();
    const held = await listChanges(services(), NL, { since: { kind: "cursor", cursor } });
    expect(held.data).toEqual([]);

    clock = Date.now() + SETTLE_MS + 1000;
    const page = await listChanges(services(), NL, { since: { kind: "cursor", cursor } });
    expect(page.data.map((c) => [c.showtime.id, c.change])).toEqual([
      [changed!.id, "changed"],
      [cancelled!.id, "cancelled"],
    ]);
    expect(page.data[0]!.showtime.availability).toBe("few-left");
    expect(page.data[1]!.showtime.status).toBe("cancelled");
  });

  it("refuses another country and a cursor of another filter", async () => {
    await expect(
      listChanges(services(), NL, { since: { kind: "time", at: seededBefore }, country: "DK" }),
    ).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
    const both = { countries: ["DK", "NL"] };
    const page = await listChanges(services(), both, {
      since: { kind: "time", at: seededBefore },
      country: "DK",
      limit: 1,
    });
    expect(page.data[0]!.showtime.cinema.country).toBe("DK");
    await expect(
      listChanges(services(), both, { since: { kind: "cursor", cursor: page.pagination.next_cursor } }),
    ).rejects.toMatchObject({ code: "invalid_input", fieldErrors: { since: expect.any(String) } });
  });
});
