import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema/access.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, auditRowsFor, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { hashApiKey } from "../key-directory/key-format.ts";
import { rotateApiKey } from "./rotate-api-key.ts";
import { insertApiKey } from "./api-key-test-fixtures.ts";
import { keyScenario, keyServices, T0 } from "./api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await keyScenario(database().db);
});
const opened: ReturnType<typeof keyServices>[] = [];
afterAll(async () => {
  await Promise.all(opened.map((k) => k.services.apiKeys.close()));
});
function services() {
  const k = keyServices(database().db);
  opened.push(k);
  return k;
}

const HOUR = 3_600_000;

describe("rotateApiKey", () => {
  it("makes a new key with the same settings; the old one works through the grace period, then stops", async () => {
    const { db } = database();
    const k = services();
    const expiresAt = new Date(T0.getTime() + 90 * 24 * HOUR);
    const old = await insertApiKey(db, s.clientA.id, {
      name: "App",
      kind: "publishable",
      allowedCountries: ["NL"],
      rateLimitPerMinute: 500,
      expiresAt,
    });
    expect((await k.services.apiKeys.authenticate(old.key)).ok).toBe(true); // cached before the rotation
    const rotated = await rotateApiKey(k.services, actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      keyId: old.id,
      grace: "1h",
    });
    expect(rotated).toMatchObject({
      name: "App",
      kind: "publishable",
      expiresAt,
      oldKeyId: old.id,
      oldKeyExpiresAt: new Date(T0.getTime() + HOUR),
    });
    expect(rotated.key).toMatch(/^rt_pk_/);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, rotated.id));
    expect(row).toMatchObject({
      hash: hashApiKey(rotated.key),
      allowedCountries: ["NL"],
      rateLimitPerMinute: 500,
      expiresAt,
      rotatedFromId: old.id,
    });
    const fresh = await k.services.apiKeys.authenticate(rotated.key);
    expect(fresh.ok && fresh.principal.rateLimitPerMinute).toBe(500);
    // The old key: still working, now with the grace period's end as its expiry.
    const during = await k.services.apiKeys.authenticate(old.key);
    expect(during.ok && during.principal.expiresAt).toEqual(new Date(T0.getTime() + HOUR));
    k.advance(HOUR);
    expect(await k.services.apiKeys.authenticate(old.key)).toEqual({ ok: false, refusal: "expired" });
    expect((await k.services.apiKeys.authenticate(rotated.key)).ok).toBe(true);
    const [audit] = await auditRowsFor(db, "api_key.rotate");
    expect(audit).toMatchObject({ entityId: old.id, after: { grace: "1h", replacedBy: rotated.id } });
    expect(JSON.stringify(audit)).not.toContain(rotated.key);
  });

  it("defaults to 24 hours; 'now' ends the old key at once; never beyond the old key's own expiry", async () => {
    const { db } = database();
    const k = services();
    const actor = actorFor(s.adminA, s.clientA);
    const a = await insertApiKey(db, s.clientA.id);
    const byDefault = await rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: a.id });
    expect(byDefault.oldKeyExpiresAt).toEqual(new Date(T0.getTime() + 24 * HOUR));

    const b = await insertApiKey(db, s.clientA.id);
    expect((await k.services.apiKeys.authenticate(b.key)).ok).toBe(true);
    const now = await rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: b.id, grace: "now" });
    expect(now.oldKeyExpiresAt).toEqual(T0);
    expect(await k.services.apiKeys.authenticate(b.key)).toEqual({ ok: false, refusal: "expired" });

    const soon = new Date(T0.getTime() + 2 * HOUR);
    const c = await insertApiKey(db, s.clientA.id, { expiresAt: soon });
    const capped = await rotateApiKey(k.services, actor, {
      clientId: s.clientA.id,
      keyId: c.id,
      grace: "7d",
    });
    expect(capped.oldKeyExpiresAt).toEqual(soon);
  });

  it("refuses to rotate a revoked, expired or already rotated key", async () => {
    const { db } = database();
    const k = services();
    const actor = actorFor(s.adminA, s.clientA);
    const revoked = await insertApiKey(db, s.clientA.id, { revokedAt: T0 });
    const expired = await insertApiKey(db, s.clientA.id, { expiresAt: T0 });
    const once = await insertApiKey(db, s.clientA.id);
    await rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: once.id, grace: "7d" });
    await expectAppError(
      rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: revoked.id }),
      "conflict",
      "apiKeys.notActive",
    );
    await expectAppError(
      rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: expired.id }),
      "conflict",
      "apiKeys.notActive",
    );
    await expectAppError(
      rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: once.id }),
      "conflict",
      "apiKeys.alreadyRotated",
    );
  });

  it("refuses another client's key, editors and viewers, and an unknown grace", async () => {
    const { db } = database();
    const k = services();
    const theirs = await insertApiKey(db, s.clientB.id);
    const ours = await insertApiKey(db, s.clientA.id);
    await expectAppError(
      rotateApiKey(k.services, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, keyId: theirs.id }),
      "not_found",
    );
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
    ])
      await expectAppError(
        rotateApiKey(k.services, actor, { clientId: s.clientA.id, keyId: ours.id }),
        "forbidden",
      );
    await expectAppError(
      rotateApiKey(k.services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        keyId: ours.id,
        grace: "1y" as "1h",
      }),
      "invalid_input",
    );
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.rotatedFromId, ours.id));
    expect(row).toBeUndefined();
  });
});
