// /studio/data/logs through the real app: super admins only (page, data and CSV), the two audit tabs
// and the import runs tab, search and filters from the URL, diffs without secrets, bad parameters
// ignored (never a 500), CSV exports of the current filter.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { writeAuditLog } from "../../../../core/audit/write-audit-log.ts";
import { clients, profiles } from "../../../../db/schema/tenancy.ts";
import { users } from "../../../../db/schema/auth.ts";
import {
  csvRows,
  dataPath,
  get,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let superAdminEmail = "";
const PATH = "/studio/data/logs";

beforeAll(async () => {
  const started = studio();
  ({ app, cookies } = started);
  superAdminEmail = started.accounts.superAdmin.email;
  const { db } = database();
  const [staff] = await db
    .select({ profileId: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(users.email, superAdminEmail));
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  await writeAuditLog(db, null, {
    action: "client.update",
    entityType: "client",
    entityId: demo!.id,
    clientId: demo!.id,
    actorProfileId: staff!.profileId,
    before: { name: "Demo Cinema Guide", notes: "old note", webhookSecret: "s3cr3t-before" },
    after: { name: "Demo Cinema Guide", notes: "new note", webhookSecret: "s3cr3t-after" },
    requestId: "req-logs-test-1",
    ip: "203.0.113.9",
  });
});

describe("who may open the logs page", () => {
  it.each(["admin", "editor", "viewer"] as const)(
    "answers 403 to a client %s: page, data, CSV",
    async (who) => {
      for (const path of [PATH, dataPath(PATH), `${PATH}?format=csv`, `${PATH}?tab=imports&format=csv`]) {
        expect((await get(app, path, cookies[who])).status, path).toBe(403);
      }
    },
  );

  it("sends a signed-out visitor to the sign-in page", async () => {
    const res = await get(app, PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/studio/user/login");
  });
});

describe("the changes tab", () => {
  it("finds a change by its request id, with actor, client, IP and the diff, secrets redacted", async () => {
    const res = await get(app, `${PATH}?q=req-logs-test`, cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("client.update");
    expect(html).toContain(superAdminEmail);
    expect(html).toContain("Demo Cinema Guide");
    expect(html).toContain("203.0.113.9");
    expect(html).toContain("req-logs-test-1");
    expect(html).not.toContain("s3cr3t");
    const data = await (await get(app, dataPath(`${PATH}?q=req-logs-test`), cookies.superAdmin)).text();
    expect(data).toContain("new note");
    expect(data).toContain("[redacted]");
    expect(data).not.toContain("s3cr3t");
  });

  it("leaves auth events out of the changes, and a search that matches nothing says so", async () => {
    const html = await (await get(app, `${PATH}?q=auth.sign_in`, cookies.superAdmin)).text();
    expect(html).toContain("Nothing matches your search or filters.");
    expect(html).not.toContain('<code class="text-sm">auth.sign_in</code>');
  });

  it("ignores bad parameters instead of failing", async () => {
    const res = await get(
      app,
      `${PATH}?tab=nope&from=2026-99-99&to=tomorrow&sort=-evil&pageSize=9999&page=-3&clientId=x&kind=drop;&entityType=%27&actor=me`,
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("client.update");
  });

  it("filters by kind and date range", async () => {
    expect(await (await get(app, `${PATH}?kind=client.`, cookies.superAdmin)).text()).toContain(
      "client.update",
    );
    const old = await (await get(app, `${PATH}?kind=client.&to=2000-01-01`, cookies.superAdmin)).text();
    expect(old).toContain("Nothing matches your search or filters.");
    expect(old).toContain("Clear dates");
  });

  it("exports the current filter as CSV, secrets redacted", async () => {
    const res = await get(app, `${PATH}?q=req-logs-test&format=csv`, cookies.superAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    const body = await res.text();
    const rows = csvRows(body);
    expect(rows[0]!.slice(0, 6)).toEqual(["Id", "Time", "Action", "Entity type", "Entity id", "Actor"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![2]).toBe("client.update");
    expect(body).toContain("new note");
    expect(body).not.toContain("s3cr3t");
  });
});

describe("the auth tab", () => {
  it("lists the super admin's sign-in, and exports it", async () => {
    const html = await (
      await get(app, `${PATH}?tab=auth&q=${encodeURIComponent(superAdminEmail)}`, cookies.superAdmin)
    ).text();
    expect(html).toContain("auth.sign_in");
    expect(html).not.toContain("client.update");
    const res = await get(app, `${PATH}?tab=auth&format=csv`, cookies.superAdmin);
    expect(res.headers.get("content-disposition")).toMatch(/auth-events-/);
    const rows = csvRows(await res.text());
    expect(
      rows.slice(1).every((row) => row[2]!.startsWith("auth.") || row[2]!.startsWith("impersonation.")),
    ).toBe(true);
    expect(rows.some((row) => row[2] === "auth.sign_in" && row.includes(superAdminEmail))).toBe(true);
  });
});

describe("the import runs tab", () => {
  it("says imports appear once feeds run, and exports a header only", async () => {
    const res = await get(app, `${PATH}?tab=imports`, cookies.superAdmin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Import runs will appear here once feeds run.");
    expect((await get(app, `${PATH}?tab=imports&status=bogus`, cookies.superAdmin)).status).toBe(200);
    const csv = csvRows(await (await get(app, `${PATH}?tab=imports&format=csv`, cookies.superAdmin)).text());
    expect(csv).toEqual([
      [
        "Id",
        "Source",
        "Format",
        "Status",
        "Started",
        "Finished",
        "Number read",
        "Number new",
        "Number updated",
        "Number cancelled",
        "Number unmatched",
        "Number rejected",
        "Error",
      ],
    ]);
  });
});
