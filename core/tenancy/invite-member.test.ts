import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { invitations } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { MailDeliveryError } from "../mail/mailer.ts";
import { ALREADY_INVITED, ALREADY_MEMBER, inviteMember } from "./invite-member.ts";
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
const invitationsOf = (clientId: string) =>
  database().db.select().from(invitations).where(eq(invitations.clientId, clientId));

describe("inviteMember", () => {
  it("creates an invitation, returns the plain token once and stores only its SHA-256", async () => {
    const { db } = database();
    const started = Date.now();
    const result = await inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      email: "  New.Person@Example.TEST ",
      role: "editor",
    });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.invitation).toMatchObject({
      clientId: s.clientA.id,
      clientName: s.clientA.name,
      email: "new.person@example.test",
      role: "editor",
    });
    const [row] = await invitationsOf(s.clientA.id);
    expect(row).toMatchObject({
      email: "new.person@example.test",
      role: "editor",
      tokenHash: sha256(result.token),
      invitedBy: s.adminA.profileId,
      acceptedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(result.token);
    const ttl = row!.expiresAt.getTime() - started;
    expect(ttl).toBeGreaterThan(72 * 3_600_000 - 60_000);
    expect(ttl).toBeLessThan(72 * 3_600_000 + 60_000);
    const [audit] = await auditRowsFor(db, "invitation.create");
    expect(audit).toMatchObject({
      actorProfileId: s.adminA.profileId,
      effectiveClientId: s.clientA.id,
      entityId: row!.id,
      after: { email: "new.person@example.test", role: "editor" },
    });
    expect(JSON.stringify(audit)).not.toContain(result.token);
  });

  it("refuses an address with an open invitation, on the email field: nothing replaced, no e-mail", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    const sent: SentInvitation[] = [];
    const first = await inviteMember(inviteServices(db, sent), actor, {
      clientId: s.clientA.id,
      email: "again@example.test",
      role: "viewer",
    });
    const [before] = await invitationsOf(s.clientA.id);
    const audits = await countRows(db, auditLogs);
    const error = await expectAppError(
      inviteMember(inviteServices(db, sent), actor, {
        clientId: s.clientA.id,
        email: "AGAIN@example.test",
        role: "admin",
        ttlHours: 1,
      }),
      "conflict",
      ALREADY_INVITED,
    );
    expect(error.fieldErrors.email).toBe(`error.${ALREADY_INVITED}`);
    const rows = await invitationsOf(s.clientA.id);
    expect(rows).toEqual([before]);
    expect(rows[0]).toMatchObject({ tokenHash: sha256(first.token), role: "viewer" });
    expect(sent).toHaveLength(1);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("counts an expired, unused invitation as open too (resending renews it)", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    await inviteMember(inviteServices(db), actor, {
      clientId: s.clientA.id,
      email: "late@example.test",
      role: "editor",
    });
    await db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectAppError(
      inviteMember(inviteServices(db), actor, {
        clientId: s.clientA.id,
        email: "late@example.test",
        role: "editor",
      }),
      "conflict",
      ALREADY_INVITED,
    );
  });

  it("invites an address again once its invitation was accepted and the member left", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    await inviteMember(inviteServices(db), actor, {
      clientId: s.clientA.id,
      email: "back@example.test",
      role: "viewer",
    });
    await db.update(invitations).set({ acceptedAt: new Date() });
    const again = await inviteMember(inviteServices(db), actor, {
      clientId: s.clientA.id,
      email: "back@example.test",
      role: "editor",
    });
    expect(again.invitation.role).toBe("editor");
    expect(await invitationsOf(s.clientA.id)).toHaveLength(2);
  });

  it("sends the invitation e-mail itself: to the invitee, in the asked language, with the link", async () => {
    const { db } = database();
    const sent: SentInvitation[] = [];
    const result = await inviteMember(inviteServices(db, sent), actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      email: "Mailed@Example.test",
      role: "editor",
      locale: "nl",
    });
    expect(sent).toEqual([
      {
        to: "mailed@example.test",
        locale: "nl",
        inviterName: s.adminA.name,
        clientName: s.clientA.name,
        role: "editor",
        url: `http://localhost:3000/studio/user/confirm?type=invite&token=${result.token}`,
      },
    ]);
  });

  it("keeps the invitation but says so when its e-mail cannot be sent", async () => {
    const { db } = database();
    const recording = inviteServices(db);
    const services = {
      ...recording,
      mail: { ...recording.mail, invitation: () => Promise.reject(new MailDeliveryError("no mail server")) },
    };
    await expectAppError(
      inviteMember(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        email: "unlucky@example.test",
        role: "viewer",
      }),
      "unavailable",
      "tenancy.invitationMailFailed",
    );
    expect((await invitationsOf(s.clientA.id)).map((row) => row.email)).toEqual(["unlucky@example.test"]);
  });

  it("sends no e-mail for a refused invitation", async () => {
    const { db } = database();
    const sent: SentInvitation[] = [];
    await expectAppError(
      inviteMember(inviteServices(db, sent), actorFor(s.editorA, s.clientA), {
        clientId: s.clientA.id,
        email: "nobody@example.test",
        role: "viewer",
      }),
      "forbidden",
    );
    expect(sent).toEqual([]);
  });

  it("lets a super admin invite to any client, also as admin", async () => {
    const { db } = database();
    const result = await inviteMember(inviteServices(db), actorFor(s.superAdmin), {
      clientId: s.clientB.id,
      email: "boss@b.test",
      role: "admin",
    });
    expect(result.invitation.clientId).toBe(s.clientB.id);
  });

  it("refuses an e-mail that is already a member, on the email field", async () => {
    const { db } = database();
    const error = await expectAppError(
      inviteMember(inviteServices(db), actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        email: s.viewerA.email.toUpperCase(),
        role: "admin",
      }),
      "conflict",
      ALREADY_MEMBER,
    );
    expect(error.fieldErrors.email).toBe(`error.${ALREADY_MEMBER}`);
    expect(await invitationsOf(s.clientA.id)).toHaveLength(0);
  });

  it("refuses editors, viewers, other clients' admins and users without a client, creating nothing", async () => {
    const { db } = database();
    const audits = await countRows(db, auditLogs);
    const attempts = [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      { ...actorFor(s.adminB, s.clientB), effectiveClientId: s.clientA.id }, // role of B, forged context of A
      actorFor(s.outsider),
    ];
    for (const actor of attempts) {
      await expectAppError(
        inviteMember(inviteServices(db), actor, {
          clientId: s.clientA.id,
          email: "spy@example.test",
          role: "admin",
        }),
        "forbidden",
      );
    }
    expect(await countRows(db, invitations, eq(invitations.clientId, s.clientA.id))).toBe(0);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("rejects invalid input and unknown clients, creating nothing", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    expect(
      (
        await expectAppError(
          inviteMember(inviteServices(db), actor, { clientId: s.clientA.id, email: "nope", role: "viewer" }),
          "invalid_input",
        )
      ).fieldErrors.email,
    ).toBeTruthy();
    expect(
      (
        await expectAppError(
          inviteMember(inviteServices(db), actor, {
            clientId: s.clientA.id,
            email: "a@b.test",
            role: "owner" as "admin",
          }),
          "invalid_input",
        )
      ).fieldErrors.role,
    ).toBeTruthy();
    expect(
      (
        await expectAppError(
          inviteMember(inviteServices(db), actor, {
            clientId: s.clientA.id,
            email: "a@b.test",
            role: "viewer",
            ttlHours: 0,
          }),
          "invalid_input",
        )
      ).fieldErrors.ttlHours,
    ).toBeTruthy();
    await expectAppError(
      inviteMember(inviteServices(db), actorFor(s.superAdmin), {
        clientId: missingId(),
        email: "a@b.test",
        role: "viewer",
      }),
      "not_found",
    );
    expect(await countRows(db, invitations, eq(invitations.clientId, s.clientA.id))).toBe(0);
  });
});
