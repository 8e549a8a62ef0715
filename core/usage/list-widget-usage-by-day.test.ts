import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listWidgetUsageByDay } from "./list-widget-usage-by-day.ts";
import { createUsageScenario, usageServices } from "./usage-test-fixtures.ts";
import { widgetUsageTotals } from "./usage-totals.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await createUsageScenario(db, s.clientA.id, s.clientB.id);
});

describe("listWidgetUsageByDay", () => {
  it("gives the client's impressions and clicks per day of the period, zero-filled", async () => {
    const rows = await listWidgetUsageByDay(usageServices(database().db), actorFor(s.viewerA, s.clientA), {
      days: 7,
    });
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => row.impressions > 0)).toEqual([
      { day: "2026-03-12", impressions: 50, clicks: 3 },
      { day: "2026-03-15", impressions: 100, clicks: 7 },
    ]);
    expect(rows[0]).toEqual({ day: "2026-03-09", impressions: 0, clicks: 0 });
  });

  it("keeps clients apart, widens with the period, and adds every client up for the platform", async () => {
    const services = usageServices(database().db);
    const quarter = await listWidgetUsageByDay(services, actorFor(s.viewerA, s.clientA), { days: 90 });
    expect(widgetUsageTotals(quarter)).toMatchObject({ impressions: 151, clicks: 11 });
    const platform = await listWidgetUsageByDay(services, actorFor(s.superAdmin), { days: 7 });
    expect(platform.at(-1)).toEqual({ day: "2026-03-15", impressions: 10_099, clicks: 1_006 });
    await expectAppError(listWidgetUsageByDay(services, actorFor(s.outsider)), "forbidden");
    await expectAppError(listWidgetUsageByDay(services, actorFor(s.adminB, s.clientA)), "forbidden");
  });
});
