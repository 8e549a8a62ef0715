import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listUsageKeys } from "./list-usage-keys.ts";
import {
  createTestApiKey,
  createUsageScenario,
  usageServices,
  type UsageScenario,
} from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
let keys: UsageScenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  keys = await createUsageScenario(db, s.clientA.id, s.clientB.id);
  await createTestApiKey(db, s.clientA.id, { name: "Unused" });
});

describe("listUsageKeys", () => {
  it("lists all of the client's keys (revoked and unused ones too), by name, and no other client's", async () => {
    const rows = await listUsageKeys(usageServices(database().db), actorFor(s.viewerA, s.clientA));
    expect(rows.map((row) => [row.name, row.revoked])).toEqual([
      ["Old", true],
      ["Unused", false],
      ["Website", false],
      ["Widget", false],
    ]);
    expect(rows.find((row) => row.name === "Website")).toEqual({
      id: keys.website.id,
      name: "Website",
      prefix: keys.website.prefix,
      kind: "secret",
      revoked: false,
      clientName: s.clientA.name,
    });
  });

  it("lists, for the platform, the keys used in the period", async () => {
    const services = usageServices(database().db);
    const week = await listUsageKeys(services, actorFor(s.superAdmin), { days: 7 });
    expect(week.map((row) => row.id).sort()).toEqual([keys.other.id, keys.website.id, keys.widget.id].sort());
    await expectAppError(listUsageKeys(services, actorFor(s.outsider)), "forbidden");
  });
});
