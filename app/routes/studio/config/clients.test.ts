// /studio/config/clients through the real app (document, data and form requests), signed in as the demo
// accounts: who may open it, the list, creating a client. A client's own page: client-detail.test.ts;
// refusals and invalid bodies: clients-refusals.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { clients } from "../../../../db/schema/tenancy.ts";
import { csvRows, dataPath, get, postForm } from "../../../../tests/helpers/studio-test-app.ts";
import {
  app,
  clientCount,
  cookies,
  demoId,
  pad,
  setUpClientsStudio,
} from "../../../../tests/helpers/clients-studio.ts";

const { database } = setUpClientsStudio();

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
