import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema/access.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { revokeApiKey } from "./revoke-api-key.ts";
import { insertApiKey } from "./api-key-test-fixtures.ts";
import { keyScenario, keyServices, T0 } from "./api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;
let k: ReturnType<typeof keyServices>;

beforeAll(async () => {
  s = await keyScenario(database().db);
  k = keyServices(database().db);
});
afterAll(async () => {
  await k.services.apiKeys.close();
});

async function revokedAt(id: string) {
  const [row] = await database().db.select({ at: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id));
  return row?.at ?? null;
}

describe("revokeApiKey", () => {
  it("revokes at once, even a key the directory has cached, and audits it", async () => {
    const { db } = database();
    const key = await insertApiKey(db, s.clientA.id, { name: "Backend" });
    expect((await k.services.apiKeys.authenticate(key.key)).ok).toBe(true); // now cached
    const actor = actorFor(s.adminA, s.clientA);
    expect(await revokeApiKey(k.services, actor, { clientId: s.clientA.id, keyId: key.id })).toEqual({
      id: key.id,
      name: "Backend",
      revoked: true,
    });
    expect(await revokedAt(key.id)).toEqual(T0);
    expect(await k.services.apiKeys.authenticate(key.key)).toEqual({ ok: false, refusal: "revoked" });
    const [audit] = await auditRowsFor(db, "api_key.revoke");
    expect(audit).toMatchObject({
      entityId: key.id,
      effectiveClientId: s.clientA.id,
      actorProfileId: s.adminA.profileId,
      after: { prefix: key.prefix },
    });
    // Again: nothing changes.
    expect((await revokeApiKey(k.services, actor, { clientId: s.clientA.id, keyId: key.id })).revoked).toBe(
      false,
    );
  });

  it("answers not_found for another client's key id, leaving it working", async () => {
    const { db } = database();
    const theirs = await insertApiKey(db, s.clientB.id);
    await expectAppError(
      revokeApiKey(k.services, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, keyId: theirs.id }),
      "not_found",
      "apiKeys.notFound",
    );
    await expectAppError(
      revokeApiKey(k.services, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, keyId: missingId() }),
      "not_found",
    );
    expect(await revokedAt(theirs.id)).toBeNull();
    expect((await k.services.apiKeys.authenticate(theirs.key)).ok).toBe(true);
  });

  it("refuses editors, viewers, other clients' admins and a forged effective client", async () => {
    const { db } = database();
    const key = await insertApiKey(db, s.clientA.id);
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      { ...actorFor(s.adminB, s.clientB), effectiveClientId: s.clientA.id },
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        revokeApiKey(k.services, actor, { clientId: s.clientA.id, keyId: key.id }),
        "forbidden",
      );
    }
    expect(await revokedAt(key.id)).toBeNull();
  });
});
