// /studio/config/clients and /studio/config/clients/{id} through the real app (document, data and
// form requests), signed in as the demo accounts.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { users } from "../../../../db/schema/auth.ts";
import { clientMembers, clients, invitations, profiles } from "../../../../db/schema/tenancy.ts";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/helpers/smtp-capture.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});

const { database, studio } = setUpStudio(() => ({ SMTP_URL: smtp.url }));
let app: App;
let cookies: Record<Who, string>;
let demoId = "";

const clientCount = async () => (await database().db.select({ n: count() }).from(clients))[0]!.n;
const pad = (n: number) => String(n).padStart(2, "0");

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  // With the demo client: 25 clients. "Batch Client 01" … "24" sort before "Demo Cinema Guide".
  await db.insert(clients).values(
    Array.from({ length: 24 }, (_, i) => ({
      name: `Batch Client ${pad(i + 1)}`,
      slug: `batch-${pad(i + 1)}`,
      status: i % 6 === 5 ? ("suspended" as const) : ("active" as const),
      contactEmail: `ops${i + 1}@batch.test`,
    })),
  );
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
});

describe("who may open the clients pages", () => {
  it("shows a super admin the list with its rows", async () => {
    const res = await get(app, "/studio/config/clients", cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Demo Cinema Guide");
    expect(html).toContain("Batch Client 01");
    expect(html).toContain("Showing 1–25 of 25");
    const data = await get(app, dataPath("/studio/config/clients"), cookies.superAdmin);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Demo Cinema Guide");
  });

  it.each(["admin", "editor", "viewer"] as const)(
    "answers 403 to a client %s, for the documents and the data requests",
    async (who) => {
      for (const path of [
        "/studio/config/clients",
        `/studio/config/clients/${demoId}`,
        "/studio/config/clients?format=csv",
      ]) {
        expect((await get(app, path, cookies[who])).status, path).toBe(403);
        expect((await get(app, dataPath(path), cookies[who])).status, dataPath(path)).toBe(403);
      }
    },
  );

  it("refuses a client admin's crafted create and delete, changing nothing", async () => {
    const before = await clientCount();
    const created = await postForm(
      app,
      "/studio/config/clients",
      { intent: "create", name: "Sneaky", slug: "sneaky" },
      cookies.admin,
    );
    expect(created.status).toBe(403);
    const deleted = await postForm(
      app,
      `/studio/config/clients/${demoId}`,
      { intent: "delete" },
      cookies.admin,
    );
    expect(deleted.status).toBe(403);
    expect(await clientCount()).toBe(before);
  });

  it("sends an anonymous visitor to sign in", async () => {
    const res = await get(app, "/studio/config/clients");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
  });
});

describe("the list", () => {
  it("pages: ?page=2&pageSize=10 of 25 clients shows the 11th to the 20th", async () => {
    const res = await get(app, "/studio/config/clients?page=2&pageSize=10", cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (let n = 11; n <= 20; n++) expect(html).toContain(`>Batch Client ${pad(n)}</a>`);
    for (const n of [10, 21]) expect(html).not.toContain(`>Batch Client ${pad(n)}</a>`);
    expect(html).not.toContain(">Demo Cinema Guide</a>");
    expect(html).toContain("Showing 11–20 of 25");
    expect(html).toContain("Page 2 of 3");
  });

  it("shows the last page for a page past the end, keeping the address", async () => {
    const res = await get(app, "/studio/config/clients?page=9&pageSize=10", cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Showing 21–25 of 25");
    expect(html).toContain(">Demo Cinema Guide</a>");
  });

  it("searches by name or slug, filters by status and sorts by members", async () => {
    const bySlug = await (await get(app, "/studio/config/clients?q=batch-07", cookies.superAdmin)).text();
    expect(bySlug).toContain(">Batch Client 07</a>");
    expect(bySlug).toContain("Showing 1–1 of 1");
    const suspended = await (
      await get(app, "/studio/config/clients?status=suspended", cookies.superAdmin)
    ).text();
    expect(suspended).toContain("Showing 1–4 of 4");
    expect(suspended).toContain(">Batch Client 06</a>");
    expect(suspended).not.toContain(">Batch Client 01</a>");
    // Only the demo client has members (three), so it leads when sorted by members, descending.
    const byMembers = await (
      await get(app, "/studio/config/clients?sort=-members&pageSize=10", cookies.superAdmin)
    ).text();
    expect(byMembers).toContain(">Demo Cinema Guide</a>");
    expect(byMembers.indexOf(">Demo Cinema Guide</a>")).toBeLessThan(
      byMembers.indexOf(">Batch Client 01</a>"),
    );
  });

  it("exports CSV: text/csv, a header row, every matching client (not just one page)", async () => {
    const res = await get(app, "/studio/config/clients?format=csv&pageSize=10", cookies.superAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(await res.text());
    expect(rows[0]).toEqual(["Id", "Name", "Slug", "Status", "Contact e-mail", "Members", "Created"]);
    expect(rows).toHaveLength(1 + 25);
    expect(rows.find((r) => r[2] === "demo")).toEqual([
      demoId,
      "Demo Cinema Guide",
      "demo",
      "active",
      "client-admin@reeltime.test",
      "3",
      expect.stringMatching(/^\d{4}-/),
    ]);
    const filtered = csvRows(
      await (await get(app, "/studio/config/clients?format=csv&status=suspended", cookies.superAdmin)).text(),
    );
    expect(filtered).toHaveLength(1 + 4);
  });
});

describe("creating a client", () => {
  it("shows the field error for a slug already in use and changes nothing", async () => {
    const before = await clientCount();
    const res = await postForm(
      app,
      "/studio/config/clients",
      { intent: "create", name: "Another Demo", slug: "demo", contactEmail: "", notes: "" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("This slug is already used by another client.");
    expect(html).toContain('aria-invalid="true"');
    expect(await clientCount()).toBe(before);
    // The same through a data request (the dialog's fetcher).
    const viaData = await postForm(
      app,
      dataPath("/studio/config/clients"),
      { intent: "create", name: "Another Demo", slug: "demo" },
      cookies.superAdmin,
    );
    expect(viaData.status).toBe(409);
    expect(await viaData.text()).toContain("error.tenancy.slugTaken");
    expect(await clientCount()).toBe(before);
  });

  it("validates on the server as on the client: name required, slug pattern, e-mail", async () => {
    const res = await postForm(
      app,
      dataPath("/studio/config/clients"),
      { intent: "create", name: " ", slug: "Not A Slug!", contactEmail: "nope" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("validation.nameRequired");
    expect(body).toContain("validation.slugPattern");
    expect(body).toContain("validation.emailInvalid");
  });

  it("creates a client with a slug made from the name, and audits it", async () => {
    const res = await postForm(
      app,
      dataPath("/studio/config/clients"),
      {
        intent: "create",
        name: "Pathé Noord",
        slug: "",
        contactEmail: "Info@Pathe.test",
        notes: "Pays on time",
        status: "active",
      },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.clients.toast.created");
    const [row] = await database().db.select().from(clients).where(eq(clients.slug, "pathe-noord"));
    expect(row).toMatchObject({
      name: "Pathé Noord",
      contactEmail: "info@pathe.test",
      notes: "Pays on time",
      status: "active",
    });
    const audits = await database().db.select().from(auditLogs).where(eq(auditLogs.entityId, row!.uuid));
    expect(audits.map((a) => a.action)).toContain("client.create");
  });
});

describe("one client's page", () => {
  let clientId = "";
  beforeAll(async () => {
    const [row] = await database()
      .db.select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.slug, "batch-03"));
    clientId = row!.id;
  });

  it("shows the client with its members to a super admin; an unknown id is 404", async () => {
    const res = await get(app, `/studio/config/clients/${demoId}`, cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Demo Cinema Guide");
    expect(html).toContain("viewer@reeltime.test");
    expect(html).toContain("Send invitation");
    expect(
      (await get(app, "/studio/config/clients/00000000-0000-4000-8000-000000000000", cookies.superAdmin))
        .status,
    ).toBe(404);
    expect((await get(app, "/studio/config/clients/not-an-id", cookies.superAdmin)).status).toBe(404);
  });

  it("edits the client; a taken slug is a field error", async () => {
    const taken = await postForm(
      app,
      dataPath(`/studio/config/clients/${clientId}`),
      { intent: "update", name: "Batch Client 03", slug: "demo", status: "active" },
      cookies.superAdmin,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("error.tenancy.slugTaken");
    const saved = await postForm(
      app,
      dataPath(`/studio/config/clients/${clientId}`),
      {
        intent: "update",
        name: "City Guide",
        slug: "city-guide",
        status: "suspended",
        contactEmail: "",
        notes: "Trial",
      },
      cookies.superAdmin,
    );
    expect(saved.status).toBe(200);
    const [row] = await database().db.select().from(clients).where(eq(clients.uuid, clientId));
    expect(row).toMatchObject({
      name: "City Guide",
      slug: "city-guide",
      status: "suspended",
      contactEmail: null,
      notes: "Trial",
    });
  });

  it("invites a member by e-mail and lists the invitation", async () => {
    const res = await postForm(
      app,
      dataPath(`/studio/config/clients/${clientId}`),
      { intent: "invite", email: "new.member@city.test", role: "editor" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    const [invitation] = await database()
      .db.select()
      .from(invitations)
      .where(eq(invitations.clientId, clientId));
    expect(invitation).toMatchObject({ email: "new.member@city.test", role: "editor" });
    // The core operation sends the invitation itself, with a link that carries the token.
    const mail = await smtp.waitFor((m) => m.to.includes("new.member@city.test"));
    expect(mail.text).toContain("/studio/user/confirm?type=invite&token=");
    expect(await (await get(app, `/studio/config/clients/${clientId}`, cookies.superAdmin)).text()).toContain(
      "new.member@city.test",
    );
  });

  it("deletes the client after confirmation and goes back to the list", async () => {
    const res = await postForm(
      app,
      `/studio/config/clients/${clientId}`,
      { intent: "delete", clientId: "ignored-the-page-decides", name: "City Guide", confirm: "1" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/config/clients?deleted=City+Guide");
    expect(await database().db.select().from(clients).where(eq(clients.uuid, clientId))).toEqual([]);
    expect(await database().db.select().from(invitations).where(eq(invitations.clientId, clientId))).toEqual(
      [],
    );
    expect((await get(app, `/studio/config/clients/${clientId}`, cookies.superAdmin)).status).toBe(404);
  });

  it("deletes from the list with a toast in the answer", async () => {
    const [row] = await database()
      .db.select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.slug, "batch-04"));
    const res = await postForm(
      app,
      dataPath("/studio/config/clients"),
      { intent: "delete", clientId: row!.id, name: "Batch Client 04", confirm: "1" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.clients.toast.deleted");
    expect(await database().db.select().from(clients).where(eq(clients.uuid, row!.id))).toEqual([]);
    // The demo client and its members are untouched.
    const [members] = await database()
      .db.select({ n: count() })
      .from(clientMembers)
      .where(eq(clientMembers.clientId, demoId));
    expect(members!.n).toBe(3);
  });
});

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
