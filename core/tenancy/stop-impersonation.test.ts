import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { startImpersonation } from "./start-impersonation.ts";
import { stopImpersonation } from "./stop-impersonation.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  createSession,
  expectAppError,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

const impersonatedOn = async (sessionId: string) =>
  (
    await database()
      .db.select({ id: sessions.impersonatedClientId })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
  )[0]?.id;

describe("stopImpersonation", () => {
  it("clears the session's impersonation, audited as impersonation.stop with the impersonating flag", async () => {
    const { db } = database();
    const sessionId = await createSession(db, s.superAdmin);
    await startImpersonation({ db }, actorFor(s.superAdmin), { sessionId, clientId: s.clientA.id });
    const actor = actorFor(s.superAdmin, s.clientA, { impersonating: true });
    expect(await stopImpersonation({ db }, actor, { sessionId })).toEqual({
      stopped: true,
      clientId: s.clientA.id,
    });
    expect(await impersonatedOn(sessionId)).toBeNull();
    const [audit] = await auditRowsFor(db, "impersonation.stop");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      effectiveClientId: s.clientA.id,
      impersonating: true,
      entityType: "client",
      entityId: s.clientA.id,
      requestId: actor.requestId,
    });
  });

  it("does nothing, and audits nothing, when there is nothing to stop", async () => {
    const { db } = database();
    const sessionId = await createSession(db, s.viewerA);
    const audits = await countRows(db, auditLogs);
    expect(await stopImpersonation({ db }, actorFor(s.viewerA, s.clientA), { sessionId })).toEqual({
      stopped: false,
      clientId: null,
    });
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("lets a former super admin clear an impersonation left on their session", async () => {
    const { db } = database();
    const sessionId = await createSession(db, s.adminB, { impersonatedClientId: s.clientA.id });
    expect((await stopImpersonation({ db }, actorFor(s.adminB, s.clientB), { sessionId })).stopped).toBe(
      true,
    );
    expect(await impersonatedOn(sessionId)).toBeNull();
  });

  it("cannot touch someone else's session", async () => {
    const { db } = database();
    const theirs = await createSession(db, s.superAdmin, { impersonatedClientId: s.clientB.id });
    await expectAppError(
      stopImpersonation({ db }, actorFor(s.adminA, s.clientA), { sessionId: theirs }),
      "not_found",
    );
    expect(await impersonatedOn(theirs)).toBe(s.clientB.id);
    await expectAppError(
      stopImpersonation({ db }, actorFor(s.adminA, s.clientA), { sessionId: "nope" }),
      "invalid_input",
    );
  });
});
