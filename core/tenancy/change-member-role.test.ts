import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clientMembers } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { changeMemberRole } from "./change-member-role.ts";
import { LAST_ADMIN_MESSAGE } from "./client-admins.ts";
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

async function roleOf(clientId: string, profileId: string) {
  const [row] = await database()
    .db.select({ role: clientMembers.role })
    .from(clientMembers)
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.profileId, profileId)));
  return row?.role;
}

describe("changeMemberRole", () => {
  it("lets the client's admin change a role, audited with actor, effective client and before/after", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    expect(
      await changeMemberRole({ db }, actor, {
        clientId: s.clientA.id,
        profileId: s.viewerA.profileId,
        role: "editor",
      }),
    ).toEqual({
      profileId: s.viewerA.profileId,
      role: "editor",
      changed: true,
    });
    expect(await roleOf(s.clientA.id, s.viewerA.profileId)).toBe("editor");
    const [audit] = await auditRowsFor(db, "member.role_change");
    expect(audit).toMatchObject({
      actorProfileId: s.adminA.profileId,
      effectiveClientId: s.clientA.id,
      impersonating: false,
      entityType: "member",
      entityId: s.viewerA.profileId,
      before: { role: "viewer" },
      after: { role: "editor" },
      requestId: actor.requestId,
      ip: "127.0.0.1",
    });
  });

  it("lets a super admin impersonating the client do it, and the audit row says so", async () => {
    const { db } = database();
    await changeMemberRole({ db }, actorFor(s.superAdmin, s.clientA, { impersonating: true }), {
      clientId: s.clientA.id,
      profileId: s.editorA.profileId,
      role: "admin",
    });
    expect(await roleOf(s.clientA.id, s.editorA.profileId)).toBe("admin");
    const [audit] = await auditRowsFor(db, "member.role_change");
    expect(audit).toMatchObject({
      actorProfileId: s.superAdmin.profileId,
      effectiveClientId: s.clientA.id,
      impersonating: true,
    });
  });

  it("lets a super admin without a client change any client's roles, recorded against that client", async () => {
    const { db } = database();
    await changeMemberRole({ db }, actorFor(s.superAdmin), {
      clientId: s.clientA.id,
      profileId: s.viewerA.profileId,
      role: "admin",
    });
    const [audit] = await auditRowsFor(db, "member.role_change");
    expect(audit).toMatchObject({ effectiveClientId: s.clientA.id, impersonating: false });
  });

  it("does nothing (and audits nothing) when the role is already the one asked for", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    expect(
      (
        await changeMemberRole({ db }, actorFor(s.adminA, s.clientA), {
          clientId: s.clientA.id,
          profileId: s.viewerA.profileId,
          role: "viewer",
        })
      ).changed,
    ).toBe(false);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("refuses to demote the last admin, and allows it once there is another", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    await expectAppError(
      changeMemberRole({ db }, actor, {
        clientId: s.clientA.id,
        profileId: s.adminA.profileId,
        role: "viewer",
      }),
      "conflict",
      LAST_ADMIN_MESSAGE,
    );
    await expectAppError(
      changeMemberRole({ db }, actorFor(s.superAdmin), {
        clientId: s.clientB.id,
        profileId: s.adminB.profileId,
        role: "editor",
      }),
      "conflict",
      LAST_ADMIN_MESSAGE,
    );
    expect(await roleOf(s.clientA.id, s.adminA.profileId)).toBe("admin");
    await changeMemberRole({ db }, actor, {
      clientId: s.clientA.id,
      profileId: s.editorA.profileId,
      role: "admin",
    });
    await changeMemberRole({ db }, actor, {
      clientId: s.clientA.id,
      profileId: s.adminA.profileId,
      role: "viewer",
    });
    expect(await roleOf(s.clientA.id, s.adminA.profileId)).toBe("viewer");
  });

  it("keeps one admin when two admins demote each other at the same time", async () => {
    const { db } = database();
    const second = await createPerson(db);
    await addMember(db, s.clientA, second, "admin");
    const results = await Promise.allSettled([
      changeMemberRole({ db }, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        profileId: second.profileId,
        role: "viewer",
      }),
      changeMemberRole({ db }, actorFor(second, s.clientA), {
        clientId: s.clientA.id,
        profileId: s.adminA.profileId,
        role: "viewer",
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await countRows(
        db,
        clientMembers,
        and(eq(clientMembers.clientId, s.clientA.id), eq(clientMembers.role, "admin")),
      ),
    ).toBe(1);
  });

  it("refuses editors, viewers, other clients' admins and users without a client, changing nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    const attempts = [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      { ...actorFor(s.adminB, s.clientB), effectiveClientId: s.clientA.id }, // a forged effective client without the role
      actorFor(s.outsider),
    ];
    for (const actor of attempts) {
      await expectAppError(
        changeMemberRole({ db }, actor, {
          clientId: s.clientA.id,
          profileId: s.viewerA.profileId,
          role: "admin",
        }),
        "forbidden",
      );
    }
    expect(await roleOf(s.clientA.id, s.viewerA.profileId)).toBe("viewer");
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for a non-member or another client's member, and invalid_input for a bad role", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    await expectAppError(
      changeMemberRole({ db }, actor, {
        clientId: s.clientA.id,
        profileId: s.adminB.profileId,
        role: "viewer",
      }),
      "not_found",
    );
    await expectAppError(
      changeMemberRole({ db }, actor, { clientId: s.clientA.id, profileId: missingId(), role: "viewer" }),
      "not_found",
    );
    const error = await expectAppError(
      changeMemberRole({ db }, actor, {
        clientId: s.clientA.id,
        profileId: s.viewerA.profileId,
        role: "owner" as "admin",
      }),
      "invalid_input",
    );
    expect(error.fieldErrors.role).toBeTruthy();
    expect(await roleOf(s.clientB.id, s.adminB.profileId)).toBe("admin");
  });
});
