import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clientMembers } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { LAST_ADMIN_LEAVING, leaveClient } from "./leave-client.ts";
import {
  actorFor,
  addMember,
  auditRowsFor,
  countRows,
  createPerson,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeEach(async () => {
  s = await createScenario(database().db);
});

const membersOf = (clientId: string) =>
  countRows(database().db, clientMembers, eq(clientMembers.clientId, clientId));

describe("leaveClient", () => {
  it("lets a viewer or editor leave, audited against the client they left", async () => {
    const { db } = database();
    await leaveClient({ db }, actorFor(s.viewerA, s.clientA), s.clientA.id);
    await leaveClient({ db }, actorFor(s.editorA), s.clientA.id); // from the profile page: no effective client needed
    expect(await membersOf(s.clientA.id)).toBe(1);
    const [audit] = await auditRowsFor(db, "member.leave");
    expect(audit).toMatchObject({
      actorProfileId: s.editorA.profileId,
      effectiveClientId: s.clientA.id,
      entityId: s.editorA.profileId,
      before: { role: "editor" },
    });
  });

  it("keeps the last admin in, and lets an admin leave once there is another", async () => {
    const { db } = database();
    await expectAppError(
      leaveClient({ db }, actorFor(s.adminA, s.clientA), s.clientA.id),
      "conflict",
      LAST_ADMIN_LEAVING,
    );
    expect(await membersOf(s.clientA.id)).toBe(3);
    const second = await createPerson(db);
    await addMember(db, s.clientA, second, "admin");
    await leaveClient({ db }, actorFor(s.adminA, s.clientA), s.clientA.id);
    expect(await membersOf(s.clientA.id)).toBe(3);
  });

  it("answers not_found to non-members (existing client or not) and invalid_input to a malformed id, changing nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    const existing = await expectAppError(
      leaveClient({ db }, actorFor(s.adminB, s.clientB), s.clientA.id),
      "not_found",
    );
    const unknown = await expectAppError(leaveClient({ db }, actorFor(s.outsider), missingId()), "not_found");
    expect(existing.message).toBe(unknown.message);
    await expectAppError(leaveClient({ db }, actorFor(s.superAdmin), s.clientA.id), "not_found");
    await expectAppError(leaveClient({ db }, actorFor(s.viewerA), "abc"), "invalid_input");
    expect(await membersOf(s.clientA.id)).toBe(3);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });
});
