import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { getUsage } from "./get-usage.ts";

describe("getUsage", () => {
  const db = useTestDatabase();
  const now = new Date("2026-11-24T11:00:00Z");
  const services = () => ({ db: db().db, now: () => now });

  it("sums the client's daily usage per operation over all its keys, within the window", async () => {
    const [own, other] = await queryRows<{ uuid: string }>(
      db().db,
      sql`insert into clients (name, slug) values ('Own', 'own'), ('Other', 'other') returning uuid`,
    );
    await db().db.execute(sql`
      insert into credit_balances (client_id, balance, low_balance_threshold) values (${own!.uuid}, 500, 100);
    `);
    await db().db.execute(sql`
      insert into credit_usage (day, client_id, operation, requests, credits, errors) values
        ('2026-11-23', ${own!.uuid}, 'listShowtimes', 10, 9, 1),
        ('2026-11-24', ${own!.uuid}, 'listShowtimes', 5, 5, 0),
        ('2026-11-24', ${own!.uuid}, 'getUsage', 2, 0, 0),
        ('2026-10-01', ${own!.uuid}, 'listShowtimes', 99, 99, 0),
        ('2026-11-24', ${other!.uuid}, 'listShowtimes', 7, 7, 0)
    `);
    const usage = await getUsage(services(), { clientId: own!.uuid, balance: 486 }, {});
    expect(usage).toEqual({
      balance: 486,
      low_balance_threshold: 100,
      from: "2026-10-26",
      to: "2026-11-24",
      totals: { requests: 17, credits: 14, errors: 1 },
      days: [
        { date: "2026-11-23", operation: "listShowtimes", requests: 10, credits: 9, errors: 1 },
        { date: "2026-11-24", operation: "getUsage", requests: 2, credits: 0, errors: 0 },
        { date: "2026-11-24", operation: "listShowtimes", requests: 5, credits: 5, errors: 0 },
      ],
    });
    const october = await getUsage(
      services(),
      { clientId: own!.uuid, balance: 486 },
      { from: "2026-10-01", to: "2026-10-01" },
    );
    expect(october.totals).toEqual({ requests: 99, credits: 99, errors: 0 });
    const none = await getUsage(services(), { clientId: other!.uuid, balance: 0 }, { from: "2026-11-23" });
    expect(none).toMatchObject({ low_balance_threshold: null, to: "2026-12-22", totals: { requests: 7 } });
  });
});
