// The clients and members forms through the real app when they refuse: field errors and translated
// reasons for taken slugs, invalid bodies, the last admin, impersonation and switching; nothing changed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../../db/schema/auth.ts";
import { clientMembers, clients, invitations, profiles } from "../../../../db/schema/tenancy.ts";
import { dataPath, postForm } from "../../../../tests/helpers/studio-test-app.ts";
import {
  app,
  clientCount,
  cookies,
  demoId,
  setUpClientsStudio,
  smtp,
} from "../../../../tests/helpers/clients-studio.ts";

const { database, studio } = setUpClientsStudio();

describe("refusals and invalid bodies: field errors and translated reasons, nothing changed", () => {
  const NL = "reeltime-locale=nl";
  const profileIdOf = async (email: string) => {
    const [row] = await database()
      .db.select({ id: profiles.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, email));
    return row!.id;
  };
  const demoMembers = () =>
    database()
      .db.select({ profileId: clientMembers.profileId, role: clientMembers.role })
      .from(clientMembers)
      .where(eq(clientMembers.clientId, demoId))
      .orderBy(clientMembers.profileId);

  it("shows a taken slug beside the field in the reader's language (Dutch), never the English text", async () => {
    const before = await clientCount();
    const res = await postForm(
      app,
      "/studio/config/clients",
      { intent: "create", name: "Nog een demo", slug: "demo" },
      `${cookies.superAdmin}; ${NL}`,
    );
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Deze slug wordt al door een andere klant gebruikt.");
    expect(html).not.toContain("This slug is already used by another client.");
    expect(html).toContain('aria-invalid="true"');
    expect(await clientCount()).toBe(before);
  });

  it("answers invalid client bodies with field errors and changes nothing", async () => {
    const before = await database().db.select().from(clients).where(eq(clients.uuid, demoId));
    const update = await postForm(
      app,
      dataPath(`/studio/config/clients/${demoId}`),
      { intent: "update", name: "", slug: "", status: "archived", contactEmail: "not-an-address" },
      cookies.superAdmin,
    );
    expect(update.status).toBe(400);
    const body = await update.text();
    for (const ref of [
      "validation.nameRequired",
      "validation.slugRequired",
      "validation.choiceInvalid",
      "validation.emailInvalid",
    ])
      expect(body, ref).toContain(ref);
    expect(await database().db.select().from(clients).where(eq(clients.uuid, demoId))).toEqual(before);
    const notes = await postForm(
      app,
      dataPath("/studio/config/clients"),
      { intent: "create", name: "Long notes", notes: "x".repeat(5001) },
      cookies.superAdmin,
    );
    expect(notes.status).toBe(400);
    expect(await notes.text()).toContain("validation.tooLong");
    const deleted = await postForm(
      app,
      dataPath("/studio/config/clients"),
      { intent: "delete", clientId: "not-an-id", confirm: "1" },
      cookies.superAdmin,
    );
    expect(deleted.status).toBe(400);
    expect(await deleted.text()).toContain("validation.idInvalid");
  });

  it("answers an unknown intent with the translated reason, not English from the server", async () => {
    for (const path of ["/studio/config/clients", `/studio/config/clients/${demoId}`, "/studio/demo"]) {
      const who = path === "/studio/demo" ? cookies.admin : cookies.superAdmin;
      const res = await postForm(app, dataPath(path), { intent: "explode" }, who);
      expect(res.status, path).toBe(400);
      const body = await res.text();
      expect(body, path).toContain("error.form.unknownAction");
      expect(body, path).not.toContain("Unknown action.");
    }
  });

  it("answers invalid member bodies with field errors and changes nothing", async () => {
    const members = await demoMembers();
    const invitationsBefore = await database()
      .db.select()
      .from(invitations)
      .where(eq(invitations.clientId, demoId));
    const invite = await postForm(
      app,
      dataPath("/studio/demo"),
      { intent: "invite", email: "not an address", role: "owner" },
      cookies.admin,
    );
    expect(invite.status).toBe(400);
    const inviteBody = await invite.text();
    expect(inviteBody).toContain("validation.emailInvalid");
    expect(inviteBody).toContain("validation.choiceInvalid");
    const role = await postForm(
      app,
      dataPath("/studio/demo"),
      { intent: "change-role", profileId: "nope", role: "boss" },
      cookies.admin,
    );
    expect(role.status).toBe(400);
    expect(await role.text()).toContain("validation.idInvalid");
    const remove = await postForm(
      app,
      dataPath("/studio/demo"),
      { intent: "remove-member", confirm: "1" },
      cookies.admin,
    );
    expect(remove.status).toBe(400);
    const revoke = await postForm(
      app,
      dataPath("/studio/demo"),
      { intent: "revoke-invitation", invitationId: "x" },
      cookies.admin,
    );
    expect(revoke.status).toBe(400);
    expect(await demoMembers()).toEqual(members);
    expect(await database().db.select().from(invitations).where(eq(invitations.clientId, demoId))).toEqual(
      invitationsBefore,
    );
    expect(smtp.messages.some((m) => m.to.includes("not an address"))).toBe(false);
  });

  it("refuses to demote or remove the last admin with the reason's message reference", async () => {
    const members = await demoMembers();
    const adminProfile = await profileIdOf(studio().accounts.admin.email);
    const demote = await postForm(
      app,
      dataPath("/studio/demo"),
      { intent: "change-role", profileId: adminProfile, role: "viewer" },
      cookies.admin,
    );
    expect(demote.status).toBe(409);
    const body = await demote.text();
    expect(body).toContain("error.tenancy.lastAdmin");
    expect(body).not.toContain("A client must keep at least one admin");
    const remove = await postForm(
      app,
      dataPath(`/studio/config/clients/${demoId}`),
      { intent: "remove-member", profileId: adminProfile, confirm: "1" },
      cookies.superAdmin,
    );
    expect(remove.status).toBe(409);
    expect(await remove.text()).toContain("error.tenancy.lastAdmin");
    expect(await demoMembers()).toEqual(members);
  });

  it("shows an existing member's invitation refused beside the e-mail field, in Dutch", async () => {
    const res = await postForm(
      app,
      "/studio/demo",
      { intent: "invite", email: studio().accounts.viewer.email, role: "editor" },
      `${cookies.admin}; ${NL}`,
    );
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Deze persoon is al lid van deze klant.");
    expect(html).not.toContain("This person is already a member of this client.");
  });

  it("refuses impersonation by a client admin and an invalid client id, in the one result shape", async () => {
    const forbidden = await postForm(
      app,
      "/studio/session/impersonation",
      { intent: "start", clientId: demoId },
      cookies.admin,
    );
    expect(forbidden.status).toBe(403);
    const body = await forbidden.text();
    expect(body).toContain("error.tenancy.impersonationForbidden");
    expect(body).not.toContain("Only platform administrators");
    const invalid = await postForm(
      app,
      "/studio/session/impersonation",
      { intent: "start", clientId: "demo" },
      cookies.superAdmin,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("validation.idInvalid");
    const unknown = await postForm(app, "/studio/session/impersonation", { intent: "x" }, cookies.superAdmin);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("error.form.unknownAction");
    const started = await postForm(
      app,
      "/studio/session/impersonation",
      { intent: "start", clientId: demoId },
      cookies.superAdmin,
    );
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/studio/demo");
    const stopped = await postForm(
      app,
      "/studio/session/impersonation",
      { intent: "stop" },
      cookies.superAdmin,
    );
    expect(stopped.status).toBe(302);
    expect(stopped.headers.get("location")).toBe("/studio/config/clients");
  });

  it("refuses switching to a client the user is not a member of, translated", async () => {
    const [other] = await database()
      .db.select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.slug, "batch-01"));
    const res = await postForm(
      app,
      "/studio/session/active-client",
      { clientId: other!.id, redirectTo: "/studio" },
      cookies.viewer,
    );
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("error.tenancy.notMember");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
