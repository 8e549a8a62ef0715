import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { acceptInvitation, INVITATION_INVALID } from "./accept-invitation.ts";
import { getInvitationByToken } from "./get-invitation-by-token.ts";
import { inviteMember } from "./invite-member.ts";
import {
  actorFor,
  createPerson,
  createScenario,
  expectAppError,
  inviteServices,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeAll(async () => {
  s = await createScenario(database().db);
});

describe("getInvitationByToken", () => {
  it("tells the link's holder the client, e-mail, role and whether it is pending, expired or used", async () => {
    const { db } = database();
    const invitee = await createPerson(db);
    const { token, invitation } = await inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      email: invitee.email,
      role: "viewer",
    });
    expect(await getInvitationByToken(db, token)).toMatchObject({
      clientName: s.clientA.name,
      email: invitee.email,
      role: "viewer",
      status: "pending",
    });
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    expect((await getInvitationByToken(db, token)).status).toBe("expired");
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(invitations.id, invitation.id));
    await acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email });
    expect((await getInvitationByToken(db, token)).status).toBe("accepted");
  });

  it("answers not_found for unknown or malformed tokens", async () => {
    const { db } = database();
    await expectAppError(getInvitationByToken(db, "y".repeat(43)), "not_found", INVITATION_INVALID);
    await expectAppError(getInvitationByToken(db, ""), "not_found", INVITATION_INVALID);
  });
});
