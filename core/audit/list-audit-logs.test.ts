import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { changeMemberRole } from "../tenancy/change-member-role.ts";
import { inviteMember } from "../tenancy/invite-member.ts";
import {
  actorFor,
  createScenario,
  expectAppError,
  inviteServices,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { updateClient } from "../tenancy/update-client.ts";
import { writeAuditLog } from "./write-audit-log.ts";
import { listAuditLogs } from "./list-audit-logs.ts";
import { keyServices } from "../api-keys/api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await changeMemberRole({ db }, actorFor(s.adminA, s.clientA), {
    clientId: s.clientA.id,
    profileId: s.viewerA.profileId,
    role: "editor",
  });
  await inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
    clientId: s.clientA.id,
    email: "new@a.test",
    role: "viewer",
  });
  await changeMemberRole({ db }, actorFor(s.superAdmin, s.clientA, { impersonating: true }), {
    clientId: s.clientA.id,
    profileId: s.viewerA.profileId,
    role: "viewer",
  });
  await inviteMember(inviteServices(db), actorFor(s.adminB, s.clientB), {
    clientId: s.clientB.id,
    email: "new@b.test",
    role: "viewer",
  });
  await updateClient(keyServices(db).services, actorFor(s.superAdmin), {
    clientId: s.clientB.id,
    notes: "B only",
  });
  await writeAuditLog(db, actorFor(s.superAdmin), { action: "platform.tool", clientId: null });
});

describe("listAuditLogs", () => {
  it("shows a super admin every row, newest first, with actor and client names", async () => {
    const { db } = database();
    const page = await listAuditLogs({ db }, actorFor(s.superAdmin), {});
    expect(page.total).toBe(6);
    expect(page.rows[0]).toMatchObject({
      action: "platform.tool",
      clientId: null,
      actorEmail: s.superAdmin.email,
      actorName: s.superAdmin.name,
    });
    const impersonated = page.rows.find((row) => row.impersonating);
    expect(impersonated).toMatchObject({
      action: "member.role_change",
      clientId: s.clientA.id,
      clientName: s.clientA.name,
      actorProfileId: s.superAdmin.profileId,
      ip: "127.0.0.1",
    });
    expect(
      (await listAuditLogs({ db }, actorFor(s.superAdmin), { clientId: s.clientB.id })).rows
        .map((r) => r.action)
        .sort(),
    ).toEqual(["client.update", "invitation.create"]);
  });

  it("shows a client admin only their effective client's rows, without IP addresses", async () => {
    const { db } = database();
    const page = await listAuditLogs({ db }, actorFor(s.adminA, s.clientA), {});
    expect(page.total).toBe(3);
    expect(page.rows.every((row) => row.clientId === s.clientA.id && row.ip === null)).toBe(true);
    expect(page.rows.some((row) => row.impersonating)).toBe(true);
    expect(
      (await listAuditLogs({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id })).total,
    ).toBe(3);
  });

  it("filters by exact action or by kind (trailing dot), and pages", async () => {
    const { db } = database();
    const actor = actorFor(s.superAdmin);
    expect((await listAuditLogs({ db }, actor, { action: "member.role_change" })).total).toBe(2);
    expect((await listAuditLogs({ db }, actor, { action: "invitation." })).total).toBe(2);
    expect((await listAuditLogs({ db }, actor, { action: "member." })).total).toBe(2);
    const second = await listAuditLogs({ db }, actor, { page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.rows).toHaveLength(2);
  });

  it("refuses a client admin asking for another client, and editors, viewers and users without a client", async () => {
    const { db } = database();
    await expectAppError(
      listAuditLogs({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientB.id }),
      "forbidden",
    );
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.outsider),
      actorFor(s.adminA),
    ]) {
      await expectAppError(listAuditLogs({ db }, actor, {}), "forbidden");
    }
  });

  it("rejects malformed filters", async () => {
    const { db } = database();
    await expectAppError(listAuditLogs({ db }, actorFor(s.superAdmin), { clientId: "x" }), "invalid_input");
    await expectAppError(
      listAuditLogs({ db }, actorFor(s.superAdmin), { action: "drop table;" }),
      "invalid_input",
    );
  });
});
