import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { inviteMember } from "./invite-member.ts";
import { revokeInvitation } from "./revoke-invitation.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createPerson,
  createScenario,
  expectAppError,
  inviteServices,
  missingId,
  type Scenario,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
let invitationId: string;
let token: string;

beforeEach(async () => {
  const { db } = database();
  s = await createScenario(db);
  const result = await inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
    clientId: s.clientA.id,
    email: `new-${s.clientA.slug}@example.test`,
    role: "editor",
  });
  invitationId = result.invitation.id;
  token = result.token;
});

const exists = async (id: string) =>
  (await countRows(database().db, invitations, eq(invitations.id, id))) === 1;

describe("revokeInvitation", () => {
  it("lets the client's admin withdraw an invitation (its link stops working), audited", async () => {
    const { db } = database();
    await revokeInvitation({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, invitationId });
    expect(await exists(invitationId)).toBe(false);
    const [audit] = await auditRowsFor(db, "invitation.revoke");
    expect(audit).toMatchObject({
      actorProfileId: s.adminA.profileId,
      effectiveClientId: s.clientA.id,
      entityId: invitationId,
      before: { role: "editor" },
    });
    const invitee = await createPerson(db, { email: `new-${s.clientA.slug}@example.test` });
    await expectAppError(
      acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email }),
      "not_found",
    );
  });

  it("lets a super admin withdraw one of any client", async () => {
    const { db } = database();
    await revokeInvitation({ db }, actorFor(s.superAdmin), { clientId: s.clientA.id, invitationId });
    expect(await exists(invitationId)).toBe(false);
  });

  it("refuses an invitation that has been used", async () => {
    const { db } = database();
    const invitee = await createPerson(db, { email: `new-${s.clientA.slug}@example.test` });
    await acceptInvitation(db, { token, profileId: invitee.profileId, email: invitee.email });
    await expectAppError(
      revokeInvitation({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, invitationId }),
      "conflict",
    );
    expect(await exists(invitationId)).toBe(true);
  });

  it("refuses editors, viewers, other clients' admins and users without a client, deleting nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        revokeInvitation({ db }, actor, { clientId: s.clientA.id, invitationId }),
        "forbidden",
      );
    }
    // B's admin naming its own client cannot reach A's invitation
    await expectAppError(
      revokeInvitation({ db }, actorFor(s.adminB, s.clientB), { clientId: s.clientB.id, invitationId }),
      "not_found",
    );
    expect(await exists(invitationId)).toBe(true);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for an unknown invitation and invalid_input for malformed ids", async () => {
    const { db } = database();
    await expectAppError(
      revokeInvitation({ db }, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        invitationId: missingId(),
      }),
      "not_found",
    );
    await expectAppError(
      revokeInvitation({ db }, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, invitationId: "1" }),
      "invalid_input",
    );
  });
});
