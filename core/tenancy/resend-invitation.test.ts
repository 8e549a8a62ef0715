import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { MailDeliveryError } from "../mail/mailer.ts";
import { inviteMember } from "./invite-member.ts";
import { resendInvitation } from "./resend-invitation.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  inviteServices,
  missingId,
  type Scenario,
  type SentInvitation,
} from "./tenancy-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;

beforeEach(async () => {
  s = await createScenario(database().db);
});

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const invitationRow = async (id: string) =>
  (await database().db.select().from(invitations).where(eq(invitations.id, id)))[0]!;

async function invite(role: "admin" | "editor" | "viewer" = "editor") {
  const { db } = database();
  const result = await inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
    clientId: s.clientA.id,
    email: "invitee@example.test",
    role,
    ttlHours: 1,
  });
  return result;
}

describe("resendInvitation", () => {
  it("sends a new link with the same role, retiring the old one, and renews the expiry", async () => {
    const { db } = database();
    const first = await invite("editor");
    const sent: SentInvitation[] = [];
    const again = await resendInvitation(inviteServices(db, sent), actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      invitationId: first.invitation.id,
      locale: "nl",
    });
    expect(again.token).not.toBe(first.token);
    const row = await invitationRow(first.invitation.id);
    expect(row).toMatchObject({ role: "editor", tokenHash: sha256(again.token) });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(sent).toEqual([
      expect.objectContaining({
        to: "invitee@example.test",
        locale: "nl",
        role: "editor",
        url: `http://localhost:3000/studio/user/confirm?type=invite&token=${again.token}`,
      }),
    ]);
    const [audit] = await auditRowsFor(db, "invitation.resend");
    expect(audit).toMatchObject({
      entityId: first.invitation.id,
      effectiveClientId: s.clientA.id,
      before: { role: "editor" },
      after: { email: "invitee@example.test", role: "editor" },
    });
    expect(JSON.stringify(audit)).not.toContain(again.token);
  });

  it("changes the role only when asked, and the e-mail names the new one", async () => {
    const { db } = database();
    const first = await invite("editor");
    const sent: SentInvitation[] = [];
    await resendInvitation(inviteServices(db, sent), actorFor(s.superAdmin), {
      clientId: s.clientA.id,
      invitationId: first.invitation.id,
      role: "viewer",
    });
    expect((await invitationRow(first.invitation.id)).role).toBe("viewer");
    expect(sent[0]?.role).toBe("viewer");
  });

  it("refuses other people, another client's invitation, a used one and unknown ids, changing nothing", async () => {
    const { db } = database();
    const first = await invite();
    const before = await invitationRow(first.invitation.id);
    const audits = await countRows(db, auditLogs);
    const sent: SentInvitation[] = [];
    const services = inviteServices(db, sent);
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        resendInvitation(services, actor, { clientId: s.clientA.id, invitationId: first.invitation.id }),
        "forbidden",
      );
    }
    // Client B's admin names A's invitation under B: not found there.
    await expectAppError(
      resendInvitation(services, actorFor(s.adminB, s.clientB), {
        clientId: s.clientB.id,
        invitationId: first.invitation.id,
      }),
      "not_found",
      "tenancy.invitationNotFound",
    );
    await expectAppError(
      resendInvitation(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        invitationId: missingId(),
      }),
      "not_found",
    );
    await expectAppError(
      resendInvitation(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        invitationId: first.invitation.id,
        role: "owner" as "admin",
      }),
      "invalid_input",
    );
    expect(await invitationRow(first.invitation.id)).toEqual(before);
    await db.update(invitations).set({ acceptedAt: new Date() });
    await expectAppError(
      resendInvitation(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        invitationId: first.invitation.id,
      }),
      "conflict",
      "tenancy.invitationUsed",
    );
    expect(sent).toEqual([]);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("keeps the renewed invitation but says so when its e-mail cannot be sent", async () => {
    const { db } = database();
    const first = await invite();
    const recording = inviteServices(db);
    const services = {
      ...recording,
      mail: { ...recording.mail, invitation: () => Promise.reject(new MailDeliveryError("no mail server")) },
    };
    await expectAppError(
      resendInvitation(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        invitationId: first.invitation.id,
      }),
      "unavailable",
      "tenancy.invitationMailFailed",
    );
  });
});
