import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { getUsageChart } from "./get-usage-chart.ts";
import { createUsageScenario, usageServices } from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await createUsageScenario(db, s.clientA.id, s.clientB.id);
});

describe("getUsageChart", () => {
  it("gives the last 30 days of requests and credits, zero-filled, with the totals", async () => {
    const chart = await getUsageChart(usageServices(database().db), actorFor(s.viewerA, s.clientA));
    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]).toEqual({ day: "2026-02-14", requests: 0, credits: 0 });
    expect(chart.days.at(-1)).toEqual({ day: "2026-03-15", requests: 15, credits: 15 });
    expect(chart.totals).toEqual({ requests: 42, credits: 37, errors: 7, errorRate: 7 / 42 });
  });

  it("is the client's own, and needs a client (or a super admin)", async () => {
    const services = usageServices(database().db);
    const b = await getUsageChart(services, actorFor(s.adminB, s.clientB));
    expect(b.totals.requests).toBe(500);
    expect((await getUsageChart(services, actorFor(s.superAdmin))).totals.requests).toBe(542);
    await expectAppError(getUsageChart(services, actorFor(s.outsider)), "forbidden");
  });
});
