// /studio/config/clients and /studio/config/clients/{id} through the real app (document, data and
// form requests), signed in as the demo accounts.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { clientMembers, clients, invitations } from "../../../../db/schema/tenancy.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
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
    expect(rows[0]).toEqual(["id", "name", "slug", "status", "contact_email", "members", "created_at"]);
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
    expect(await viaData.text()).toContain("studio.clients.error.slugTaken");
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
    expect(body).toContain("studio.clients.error.nameRequired");
    expect(body).toContain("studio.clients.error.slugPattern");
    expect(body).toContain("studio.clients.error.emailInvalid");
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
    expect(await res.text()).toContain("Client Pathé Noord created.");
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
    expect(await taken.text()).toContain("studio.clients.error.slugTaken");
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
    expect(await res.text()).toContain("Client Batch Client 04 deleted.");
    expect(await database().db.select().from(clients).where(eq(clients.uuid, row!.id))).toEqual([]);
    // The demo client and its members are untouched.
    const [members] = await database()
      .db.select({ n: count() })
      .from(clientMembers)
      .where(eq(clientMembers.clientId, demoId));
    expect(members!.n).toBe(3);
  });
});
