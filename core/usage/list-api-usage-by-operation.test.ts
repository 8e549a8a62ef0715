import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listApiUsageByOperation } from "./list-api-usage-by-operation.ts";
import { createUsageScenario, usageServices, type UsageScenario } from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
let keys: UsageScenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  keys = await createUsageScenario(db, s.clientA.id, s.clientB.id);
});

describe("listApiUsageByOperation", () => {
  it("sums the client's period per operation, busiest first", async () => {
    const rows = await listApiUsageByOperation(usageServices(database().db), actorFor(s.viewerA, s.clientA));
    expect(rows).toEqual([
      { operation: "listShowtimes", requests: 30, credits: 28, errors: 3 },
      { operation: "getCinema", requests: 5, credits: 5, errors: 0 },
      { operation: "listMovies", requests: 4, credits: 4, errors: 4 },
      { operation: "getUsage", requests: 3, credits: 0, errors: 0 },
    ]);
  });

  it("applies the key filter and the period", async () => {
    const services = usageServices(database().db);
    const actor = actorFor(s.viewerA, s.clientA);
    expect(await listApiUsageByOperation(services, actor, { days: 90, apiKeyId: keys.website.id })).toEqual([
      { operation: "listShowtimes", requests: 130, credits: 128, errors: 3 },
    ]);
    expect(await listApiUsageByOperation(services, actor, { days: 7, operation: "listMovies" })).toEqual([]);
  });

  it("keeps clients apart; the platform view adds them up; outsiders are refused", async () => {
    const services = usageServices(database().db);
    const b = await listApiUsageByOperation(services, actorFor(s.adminB, s.clientB));
    expect(b).toEqual([{ operation: "listShowtimes", requests: 500, credits: 500, errors: 50 }]);
    const platform = await listApiUsageByOperation(services, actorFor(s.superAdmin));
    expect(platform[0]).toEqual({ operation: "listShowtimes", requests: 530, credits: 528, errors: 53 });
    await expectAppError(listApiUsageByOperation(services, actorFor(s.outsider)), "forbidden");
  });
});
