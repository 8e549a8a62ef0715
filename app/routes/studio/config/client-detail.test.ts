// /studio/config/clients/{id} through the real app, as the demo super admin: the client with its members,
// editing it, inviting a member, deleting it (there and from the list).
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clientMembers, clients, invitations } from "../../../../db/schema/tenancy.ts";
import { dataPath, get, postForm } from "../../../../tests/helpers/studio-test-app.ts";
import { app, cookies, demoId, setUpClientsStudio, smtp } from "../../../../tests/helpers/clients-studio.ts";

const { database } = setUpClientsStudio();

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
