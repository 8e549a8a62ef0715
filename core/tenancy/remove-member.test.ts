import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clientMembers } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { LAST_ADMIN_MESSAGE } from "./client-admins.ts";
import { removeMember } from "./remove-member.ts";
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

describe("removeMember", () => {
  it("lets the client's admin remove a member, audited against that client", async () => {
    const { db } = database();
    await removeMember({ db }, actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      profileId: s.editorA.profileId,
    });
    expect(
      await countRows(
        db,
        clientMembers,
        and(eq(clientMembers.clientId, s.clientA.id), eq(clientMembers.profileId, s.editorA.profileId)),
      ),
    ).toBe(0);
    const [audit] = await auditRowsFor(db, "member.remove");
    expect(audit).toMatchObject({
      actorProfileId: s.adminA.profileId,
      effectiveClientId: s.clientA.id,
      entityId: s.editorA.profileId,
      before: { role: "editor" },
    });
  });

  it("lets a super admin remove a member of any client", async () => {
    const { db } = database();
    await removeMember({ db }, actorFor(s.superAdmin), {
      clientId: s.clientA.id,
      profileId: s.viewerA.profileId,
    });
    expect(await membersOf(s.clientA.id)).toBe(2);
  });

  it("refuses to remove the last admin (even for a super admin), and allows it once there is another", async () => {
    const { db } = database();
    await expectAppError(
      removeMember({ db }, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        profileId: s.adminA.profileId,
      }),
      "conflict",
      LAST_ADMIN_MESSAGE,
    );
    await expectAppError(
      removeMember({ db }, actorFor(s.superAdmin), { clientId: s.clientB.id, profileId: s.adminB.profileId }),
      "conflict",
      LAST_ADMIN_MESSAGE,
    );
    expect(await membersOf(s.clientA.id)).toBe(3);
    expect(await membersOf(s.clientB.id)).toBe(1);
    const second = await createPerson(db);
    await addMember(db, s.clientA, second, "admin");
    await removeMember({ db }, actorFor(second, s.clientA), {
      clientId: s.clientA.id,
      profileId: s.adminA.profileId,
    });
    expect(await membersOf(s.clientA.id)).toBe(3);
  });

  it("refuses editors, viewers, other clients' admins and users without a client, removing nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        removeMember({ db }, actor, { clientId: s.clientA.id, profileId: s.viewerA.profileId }),
        "forbidden",
      );
    }
    expect(await membersOf(s.clientA.id)).toBe(3);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("cannot reach another client's member through its own client (not_found), nor take malformed ids", async () => {
    const { db } = database();
    await expectAppError(
      removeMember({ db }, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        profileId: s.adminB.profileId,
      }),
      "not_found",
    );
    await expectAppError(
      removeMember({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, profileId: missingId() }),
      "not_found",
    );
    await expectAppError(
      removeMember({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, profileId: "me" }),
      "invalid_input",
    );
    expect(await membersOf(s.clientB.id)).toBe(1);
  });
});
