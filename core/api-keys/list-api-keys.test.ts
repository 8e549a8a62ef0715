import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { createApiKey } from "./create-api-key.ts";
import { listApiKeys } from "./list-api-keys.ts";
import { rotateApiKey } from "./rotate-api-key.ts";
import { insertApiKey } from "./api-key-test-fixtures.ts";
import { keyScenario, keyServices, T0 } from "./api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;
let k: ReturnType<typeof keyServices>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { db } = database();
  s = await keyScenario(db);
  k = keyServices(db);
  const admin = actorFor(s.adminA, s.clientA);
  ids.active = (
    await createApiKey(k.services, admin, { clientId: s.clientA.id, kind: "secret", name: "Active" })
  ).id;
  ids.revoked = (await insertApiKey(db, s.clientA.id, { name: "Revoked", revokedAt: T0 })).id;
  ids.expired = (await insertApiKey(db, s.clientA.id, { name: "Expired", expiresAt: T0 })).id;
  const old = await insertApiKey(db, s.clientA.id, { name: "Rotated", kind: "publishable" });
  ids.expiring = old.id;
  ids.replacement = (await rotateApiKey(k.services, admin, { clientId: s.clientA.id, keyId: old.id })).id;
  ids.theirs = (await insertApiKey(db, s.clientB.id, { name: "Theirs" })).id;
});
afterAll(async () => {
  await k.services.apiKeys.close();
});

describe("listApiKeys", () => {
  it("lists the client's keys with derived status, never a hash or another client's key", async () => {
    const page = await listApiKeys(k.services, actorFor(s.viewerA, s.clientA), { clientId: s.clientA.id });
    expect(page.total).toBe(5);
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    expect(byId.has(ids.theirs!)).toBe(false);
    expect(byId.get(ids.active!)).toMatchObject({
      status: "active",
      name: "Active",
      createdByName: expect.any(String),
    });
    expect(byId.get(ids.revoked!)?.status).toBe("revoked");
    expect(byId.get(ids.expired!)?.status).toBe("expired");
    expect(byId.get(ids.expiring!)).toMatchObject({
      status: "expiring",
      expiresAt: new Date(T0.getTime() + 86_400_000),
      replacedBy: { id: ids.replacement, name: "Rotated" },
    });
    expect(byId.get(ids.replacement!)).toMatchObject({ status: "active", rotatedFromId: ids.expiring });
    for (const row of page.rows) expect(Object.keys(row)).not.toContain("hash");
  });

  it("filters by status and kind, searches name and prefix, sorts by status", async () => {
    const viewer = actorFor(s.viewerA, s.clientA);
    const revoked = await listApiKeys(k.services, viewer, { clientId: s.clientA.id, status: "revoked" });
    expect(revoked.rows.map((r) => r.id)).toEqual([ids.revoked]);
    const publishable = await listApiKeys(k.services, viewer, {
      clientId: s.clientA.id,
      kind: "publishable",
    });
    expect(publishable.rows.map((r) => r.id).sort()).toEqual([ids.expiring, ids.replacement].sort());
    const searched = await listApiKeys(k.services, viewer, { clientId: s.clientA.id, search: "expir" });
    expect(searched.rows.map((r) => r.name)).toEqual(["Expired"]);
    const sorted = await listApiKeys(k.services, viewer, { clientId: s.clientA.id, sort: "status" });
    expect(sorted.rows.map((r) => r.status)).toEqual(["active", "active", "expiring", "expired", "revoked"]);
    const paged = await listApiKeys(k.services, viewer, { clientId: s.clientA.id, pageSize: 2, page: 3 });
    expect(paged.rows).toHaveLength(1);
  });

  it("lets every member see the list, refuses other clients and users without a client", async () => {
    for (const who of [s.adminA, s.editorA, s.viewerA])
      expect(
        (await listApiKeys(k.services, actorFor(who, s.clientA), { clientId: s.clientA.id })).total,
      ).toBe(5);
    for (const actor of [actorFor(s.adminB, s.clientB), actorFor(s.outsider)])
      await expectAppError(listApiKeys(k.services, actor, { clientId: s.clientA.id }), "forbidden");
  });
});
