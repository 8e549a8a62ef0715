import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { clientMembers, invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  acceptInvitation,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_OTHER_EMAIL,
  INVITATION_USED,
} from "./accept-invitation.ts";
import { inviteMember } from "./invite-member.ts";
import { resendInvitation } from "./resend-invitation.ts";
import {
  actorFor,
  addMember,
  auditRowsFor,
  countRows,
  createPerson,
  createScenario,
  expectAppError,
  inviteServices,
  type Scenario,
  type TestPerson,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
let invitee: TestPerson;

beforeEach(async () => {
  const { db } = database();
  s = await createScenario(db);
  invitee = await createPerson(db);
});

const invite = (email: string, role: "admin" | "editor" | "viewer" = "editor", ttlHours?: number) =>
  inviteMember(inviteServices(database().db), actorFor(s.adminA, s.clientA), {
    clientId: s.clientA.id,
    email,
    role,
    ttlHours,
  });

async function membership(person: TestPerson) {
  const [row] = await database()
    .db.select()
    .from(clientMembers)
    .where(and(eq(clientMembers.clientId, s.clientA.id), eq(clientMembers.profileId, person.profileId)));
  return row;
}

describe("acceptInvitation", () => {
  it("makes the invited user a member with the invited role, accepted now, and marks the invitation used — audited", async () => {
    const { db } = database();
    const { token, invitation } = await invite(invitee.email.toUpperCase());
    const result = await acceptInvitation(db, {
      token,
      profileId: invitee.profileId,
      email: invitee.email,
      requestId: "req-accept",
    });
    expect(result).toEqual({
      client: { id: s.clientA.id, slug: s.clientA.slug, name: s.clientA.name },
      role: "editor",
      joined: true,
    });
    const member = await membership(invitee);
    expect(member).toMatchObject({ role: "editor", invitedBy: s.adminA.profileId });
    expect(Date.now() - member!.acceptedAt!.getTime()).toBeLessThan(60_000);
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    const [audit] = await auditRowsFor(db, "invitation.accept");
    expect(audit).toMatchObject({
      actorProfileId: invitee.profileId,
      effectiveClientId: s.clientA.id,
      entityId: invitation.id,
      requestId: "req-accept",
    });
  });

  it('refuses a second use with "This invitation has already been used."', async () => {
    const { db } = database();
    const { token } = await invite(invitee.email);
    await acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email });
    const other = await createPerson(db, { email: `twin-${invitee.email}` });
    await expectAppError(
      acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email }),
      "invalid_input",
      INVITATION_USED,
    );
    await expectAppError(
      acceptInvitation(db, { token, profileId: other.profileId, email: invitee.email }),
      "invalid_input",
      INVITATION_USED,
    );
    expect(await countRows(db, clientMembers, eq(clientMembers.clientId, s.clientA.id))).toBe(4);
  });

  it('refuses an expired invitation with "This invitation has expired." and changes nothing', async () => {
    const { db } = database();
    const { token, invitation } = await invite(invitee.email);
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    const audits = await countRows(db, auditLogs);
    await expectAppError(
      acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email }),
      "invalid_input",
      INVITATION_EXPIRED,
    );
    expect(await membership(invitee)).toBeUndefined();
    expect(
      (await db.select().from(invitations).where(eq(invitations.id, invitation.id)))[0]!.acceptedAt,
    ).toBeNull();
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("refuses a user signed in with another e-mail address, and leaves the invitation usable", async () => {
    const { db } = database();
    const { token } = await invite(invitee.email);
    const stranger = await createPerson(db);
    await expectAppError(
      acceptInvitation(db, { token, profileId: stranger.profileId, email: stranger.email }),
      "forbidden",
      INVITATION_OTHER_EMAIL,
    );
    expect(await membership(stranger)).toBeUndefined();
    await acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email });
    expect((await membership(invitee))?.role).toBe("editor");
  });

  it("refuses an unknown token, a malformed one, and the old token of a resent invitation", async () => {
    const { db } = database();
    const first = await invite(invitee.email);
    const renewed = await resendInvitation(inviteServices(db), actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      invitationId: first.invitation.id,
    });
    await expectAppError(
      acceptInvitation(db, { token: first.token, profileId: invitee.profileId, email: invitee.email }),
      "not_found",
      INVITATION_INVALID,
    );
    await expectAppError(
      acceptInvitation(db, { token: "x".repeat(43), profileId: invitee.profileId, email: invitee.email }),
      "not_found",
      INVITATION_INVALID,
    );
    await expectAppError(
      acceptInvitation(db, { token: "short", profileId: invitee.profileId, email: invitee.email }),
      "invalid_input",
    );
    expect(await membership(invitee)).toBeUndefined();
    await acceptInvitation(db, { token: renewed.token, profileId: invitee.profileId, email: invitee.email });
    expect(await membership(invitee)).toBeDefined();
  });

  it("raises someone who became a member meanwhile to a higher invited role, but never lowers one", async () => {
    const { db } = database();
    const up = await invite(invitee.email, "admin");
    await addMember(db, s.clientA, invitee, "viewer");
    expect(
      await acceptInvitation(db, { token: up.token, profileId: invitee.profileId, email: invitee.email }),
    ).toMatchObject({ role: "admin", joined: false });
    expect((await membership(invitee))?.role).toBe("admin");

    const other = await createPerson(db);
    const down = await invite(other.email, "viewer");
    await addMember(db, s.clientA, other, "editor", { acceptedAt: null });
    expect(
      await acceptInvitation(db, { token: down.token, profileId: other.profileId, email: other.email }),
    ).toMatchObject({ role: "editor", joined: false });
    const member = await membership(other);
    expect(member?.role).toBe("editor");
    expect(member?.acceptedAt).toBeInstanceOf(Date);
  });

  it("concurrent acceptances of one token make exactly one membership", async () => {
    const { db } = database();
    const { token } = await invite(invitee.email);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await countRows(
        db,
        clientMembers,
        and(eq(clientMembers.clientId, s.clientA.id), eq(clientMembers.profileId, invitee.profileId)),
      ),
    ).toBe(1);
  });
});
