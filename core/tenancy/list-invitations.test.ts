import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { inviteMember } from "./invite-member.ts";
import { listInvitations } from "./list-invitations.ts";
import {
  actorFor,
  createPerson,
  createScenario,
  expectAppError,
  inviteServices,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  const actor = actorFor(s.adminA, s.clientA);
  await inviteMember(inviteServices(db), actor, {
    clientId: s.clientA.id,
    email: "pending@example.test",
    role: "viewer",
  });
  const expired = await inviteMember(inviteServices(db), actor, {
    clientId: s.clientA.id,
    email: "expired@example.test",
    role: "editor",
  });
  await db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, expired.invitation.id));
  const joiner = await createPerson(db);
  const accepted = await inviteMember(inviteServices(db), actor, {
    clientId: s.clientA.id,
    email: joiner.email,
    role: "admin",
  });
  await acceptInvitation(db, { token: accepted.token, profileId: joiner.profileId, email: joiner.email });
  await inviteMember(inviteServices(db), actorFor(s.adminB, s.clientB), {
    clientId: s.clientB.id,
    email: "b-only@example.test",
    role: "viewer",
  });
});

describe("listInvitations", () => {
  it("shows the client's admin its open invitations, pending and expired, with who invited", async () => {
    const { db } = database();
    const rows = await listInvitations({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id });
    expect(rows.map((r) => [r.email, r.status]).sort()).toEqual([
      ["expired@example.test", "expired"],
      ["pending@example.test", "pending"],
    ]);
    expect(rows[0]!.invitedByName).toBe(s.adminA.name);
    expect(JSON.stringify(rows)).not.toMatch(/tokenHash|token_hash/);
  });

  it("includes accepted ones when asked for all, and shows any client to a super admin", async () => {
    const { db } = database();
    const rows = await listInvitations({ db }, actorFor(s.superAdmin), {
      clientId: s.clientA.id,
      status: "all",
    });
    expect(rows.map((r) => r.status).sort()).toEqual(["accepted", "expired", "pending"]);
    expect(rows.some((r) => r.email === "b-only@example.test")).toBe(false);
  });

  it("refuses editors, viewers, other clients' admins and users without a client", async () => {
    const { db } = database();
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(listInvitations({ db }, actor, { clientId: s.clientA.id }), "forbidden");
    }
  });

  it("answers not_found for an unknown client and invalid_input for a bad status", async () => {
    const { db } = database();
    await expectAppError(
      listInvitations({ db }, actorFor(s.superAdmin), { clientId: missingId() }),
      "not_found",
    );
    await expectAppError(
      listInvitations({ db }, actorFor(s.superAdmin), { clientId: s.clientA.id, status: "secret" as "all" }),
      "invalid_input",
    );
  });
});
