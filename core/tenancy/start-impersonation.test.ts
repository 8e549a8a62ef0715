import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { sessions } from "../../db/schema/auth.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { IMPERSONATION_FORBIDDEN, startImpersonation } from "./start-impersonation.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  createSession,
  expectAppError,
  missingId,
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

describe("startImpersonation", () => {
  it("lets a super admin impersonate an existing client on their own session, audited as impersonation.start", async () => {
    const { db } = database();
    const sessionId = await createSession(db, s.superAdmin);
    const actor = actorFor(s.superAdmin);
    expect(await startImpersonation({ db }, actor, { sessionId, clientId: s.clientA.id })).toEqual({
      client: { id: s.clientA.id, slug: s.clientA.slug, name: s.clientA.name },
    });
    expect(await impersonatedOn(sessionId)).toBe(s.clientA.id);
    const [audit] = await auditRowsFor(db, "impersonation.start");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      effectiveClientId: s.clientA.id,
      entityType: "client",
      entityId: s.clientA.id,
      requestId: actor.requestId,
    });
    // switching straight to another client
    await startImpersonation({ db }, actorFor(s.superAdmin, s.clientA, { impersonating: true }), {
      sessionId,
      clientId: s.clientB.id,
    });
    expect(await impersonatedOn(sessionId)).toBe(s.clientB.id);
  });

  it("refuses every non-super-admin — a client admin of that very client too — even with a crafted request", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    const cases = [
      [s.adminA, actorFor(s.adminA, s.clientA)],
      [s.editorA, actorFor(s.editorA, s.clientA)],
      [s.viewerA, actorFor(s.viewerA, s.clientA)],
      [s.adminB, actorFor(s.adminB, s.clientB)],
      [s.outsider, actorFor(s.outsider)],
    ] as const;
    for (const [person, actor] of cases) {
      const sessionId = await createSession(db, person);
      await expectAppError(
        startImpersonation({ db }, actor, { sessionId, clientId: s.clientA.id }),
        "forbidden",
        IMPERSONATION_FORBIDDEN,
      );
      // a malformed request is refused the same way, before validation
      await expectAppError(startImpersonation({ db }, actor, { sessionId: "x", clientId: "y" }), "forbidden");
      expect(await impersonatedOn(sessionId)).toBeNull();
    }
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for a client that does not exist and for someone else's session", async () => {
    const { db } = database();
    const own = await createSession(db, s.superAdmin);
    await expectAppError(
      startImpersonation({ db }, actorFor(s.superAdmin), { sessionId: own, clientId: missingId() }),
      "not_found",
    );
    const theirs = await createSession(db, s.adminB);
    await expectAppError(
      startImpersonation({ db }, actorFor(s.superAdmin), { sessionId: theirs, clientId: s.clientA.id }),
      "not_found",
    );
    expect(await impersonatedOn(own)).toBeNull();
    expect(await impersonatedOn(theirs)).toBeNull();
    await expectAppError(
      startImpersonation({ db }, actorFor(s.superAdmin), { sessionId: own, clientId: "nope" }),
      "invalid_input",
    );
  });
});
