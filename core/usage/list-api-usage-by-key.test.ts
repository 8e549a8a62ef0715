import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listApiUsageByKey } from "./list-api-usage-by-key.ts";
import { createUsageScenario, usageServices, type UsageScenario } from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
let keys: UsageScenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  keys = await createUsageScenario(db, s.clientA.id, s.clientB.id);
});

describe("listApiUsageByKey", () => {
  it("names each key with its prefix, marks revoked ones and keeps a deleted key's usage", async () => {
    const rows = await listApiUsageByKey(usageServices(database().db), actorFor(s.viewerA, s.clientA));
    expect(rows).toEqual([
      {
        apiKeyId: keys.website.id,
        name: "Website",
        prefix: keys.website.prefix,
        kind: "secret",
        revoked: false,
        clientId: s.clientA.id,
        clientName: s.clientA.name,
        requests: 30,
        credits: 28,
        errors: 3,
      },
      expect.objectContaining({ apiKeyId: keys.widget.id, name: "Widget", kind: "publishable", requests: 5 }),
      expect.objectContaining({ apiKeyId: keys.old.id, name: "Old", revoked: true, requests: 4, errors: 4 }),
      expect.objectContaining({ apiKeyId: null, name: null, prefix: null, kind: null, requests: 3 }),
    ]);
    expect(keys.website.prefix).toMatch(/^rt_sk_.{6}$/);
    // only the prefix: never the hash
    expect(JSON.stringify(rows)).not.toContain(keys.website.hash);
  });

  it("never lists another client's keys; the platform view lists every client's", async () => {
    const services = usageServices(database().db);
    const a = await listApiUsageByKey(services, actorFor(s.adminA, s.clientA), { days: 90 });
    expect(a.map((row) => row.apiKeyId)).not.toContain(keys.other.id);
    expect(a.every((row) => row.clientId === s.clientA.id)).toBe(true);
    const platform = await listApiUsageByKey(services, actorFor(s.superAdmin), { days: 7 });
    expect(platform[0]).toMatchObject({ apiKeyId: keys.other.id, clientName: s.clientB.name, requests: 500 });
    expect(platform.map((row) => row.clientId)).toContain(s.clientA.id);
  });

  it("filters by operation and refuses users without a client", async () => {
    const services = usageServices(database().db);
    const rows = await listApiUsageByKey(services, actorFor(s.viewerA, s.clientA), {
      operation: "getCinema",
    });
    expect(rows.map((row) => [row.name, row.requests])).toEqual([["Widget", 5]]);
    await expectAppError(listApiUsageByKey(services, actorFor(s.outsider)), "forbidden");
  });
});
