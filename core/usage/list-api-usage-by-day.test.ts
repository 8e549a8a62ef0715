import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listApiUsageByDay } from "./list-api-usage-by-day.ts";
import { createUsageScenario, usageServices, type UsageScenario } from "./usage-test-fixtures.ts";
import { apiUsageTotals } from "./usage-totals.ts";

const database = useTestDatabase();
let s: Scenario;
let keys: UsageScenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  keys = await createUsageScenario(db, s.clientA.id, s.clientB.id);
});

const nonZero = (rows: { day: string; requests: number }[]) => rows.filter((row) => row.requests > 0);

describe("listApiUsageByDay", () => {
  it("gives every member of the client its requests, credits and errors per day, zero-filled", async () => {
    const services = usageServices(database().db);
    for (const person of [s.viewerA, s.editorA, s.adminA]) {
      const rows = await listApiUsageByDay(services, actorFor(person, s.clientA), { days: 7 });
      expect(rows.map((row) => row.day)).toEqual([
        "2026-03-09",
        "2026-03-10",
        "2026-03-11",
        "2026-03-12",
        "2026-03-13",
        "2026-03-14",
        "2026-03-15",
      ]);
      expect(nonZero(rows)).toEqual([
        { day: "2026-03-10", requests: 20, credits: 18, errors: 2 },
        { day: "2026-03-14", requests: 3, credits: 0, errors: 0 },
        { day: "2026-03-15", requests: 15, credits: 15, errors: 1 },
      ]);
      expect(rows.find((row) => row.day === "2026-03-11")).toEqual({
        day: "2026-03-11",
        requests: 0,
        credits: 0,
        errors: 0,
      });
    }
  });

  it("covers 30 days by default and 90 when asked", async () => {
    const services = usageServices(database().db);
    const actor = actorFor(s.viewerA, s.clientA);
    const month = await listApiUsageByDay(services, actor);
    expect(month).toHaveLength(30);
    expect(apiUsageTotals(month)).toMatchObject({ requests: 42, credits: 37, errors: 7 });
    const quarter = await listApiUsageByDay(services, actor, { days: 90 });
    expect(quarter).toHaveLength(90);
    expect(apiUsageTotals(quarter).requests).toBe(142);
  });

  it("filters by key and by operation", async () => {
    const services = usageServices(database().db);
    const actor = actorFor(s.viewerA, s.clientA);
    expect(nonZero(await listApiUsageByDay(services, actor, { apiKeyId: keys.website.id }))).toEqual([
      { day: "2026-03-10", requests: 20, credits: 18, errors: 2 },
      { day: "2026-03-15", requests: 10, credits: 10, errors: 1 },
    ]);
    const showtimes = await listApiUsageByDay(services, actor, { days: 90, operation: "listShowtimes" });
    expect(apiUsageTotals(showtimes).requests).toBe(130);
    const both = await listApiUsageByDay(services, actor, {
      apiKeyId: keys.widget.id,
      operation: "listShowtimes",
    });
    expect(nonZero(both)).toEqual([]);
  });

  it("never shows another client's usage, not even when filtering by that client's key", async () => {
    const services = usageServices(database().db);
    const actor = actorFor(s.adminA, s.clientA);
    const rows = await listApiUsageByDay(services, actor, { days: 7 });
    expect(rows.find((row) => row.day === "2026-03-15")?.requests).toBe(15);
    expect(nonZero(await listApiUsageByDay(services, actor, { apiKeyId: keys.other.id }))).toEqual([]);
    const b = await listApiUsageByDay(services, actorFor(s.adminB, s.clientB), { days: 7 });
    expect(nonZero(b)).toEqual([{ day: "2026-03-15", requests: 500, credits: 500, errors: 50 }]);
  });

  it("shows a super admin the platform's totals without a client, and only the client's when acting for one", async () => {
    const services = usageServices(database().db);
    const platform = await listApiUsageByDay(services, actorFor(s.superAdmin), { days: 7 });
    expect(platform.find((row) => row.day === "2026-03-15")).toEqual({
      day: "2026-03-15",
      requests: 515,
      credits: 515,
      errors: 51,
    });
    const acting = await listApiUsageByDay(
      services,
      actorFor(s.superAdmin, s.clientA, { impersonating: true }),
      {
        days: 7,
      },
    );
    expect(acting.find((row) => row.day === "2026-03-15")?.requests).toBe(15);
  });

  it("refuses a user without a client and a member acting for a client they do not belong to", async () => {
    const services = usageServices(database().db);
    await expectAppError(listApiUsageByDay(services, actorFor(s.outsider)), "forbidden", "usage.noClient");
    await expectAppError(
      listApiUsageByDay(services, actorFor(s.adminB, s.clientA)),
      "forbidden",
      "access.forbidden",
    );
  });

  it("refuses filters outside what it offers", async () => {
    const services = usageServices(database().db);
    const actor = actorFor(s.viewerA, s.clientA);
    const bad = [
      { days: 31 },
      { apiKeyId: "not-an-id" },
      { operation: "dropTables" },
      { apiKeyId: "'; drop table credit_usage; --" },
    ] as const;
    for (const query of bad) {
      // Deliberately outside the declared input type: what a URL could carry.
      const error = await expectAppError(
        listApiUsageByDay(services, actor, query as unknown as Parameters<typeof listApiUsageByDay>[2]),
        "invalid_input",
      );
      expect(Object.keys(error.fieldErrors)).toHaveLength(1);
    }
  });
});
