// /studio/config/user-profiles through the real app: access, paging, filters, CSV and the row actions
// (disable signs out, super admin on / off, resend the confirmation e-mail over real SMTP).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { users } from "../../../../db/schema/auth.ts";
import { profiles } from "../../../../db/schema/tenancy.ts";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/helpers/smtp-capture.ts";
import {
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  signIn,
  type App,
  type Studio,
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
let accounts: Studio["accounts"];
const PATH = "/studio/config/user-profiles";

const profileOf = async (email: string) => {
  const [row] = await database()
    .db.select({ id: profiles.id, isSuperAdmin: profiles.isSuperAdmin, disabledAt: profiles.disabledAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(users.email, email));
  return row!;
};

beforeAll(async () => {
  ({ app, cookies, accounts } = studio());
  const { db } = database();
  // 4 demo accounts + 21 people = 25 users.
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 21 }, (_, i) => ({
        name: `Person ${String(i + 1).padStart(2, "0")}`,
        email: `person${i + 1}@people.test`,
        emailVerified: i >= 3, // the first three have not confirmed their address yet
      })),
    )
    .returning();
  // One of them signed up before profiles existed: listed, without profile.
  await db.insert(profiles).values(people.slice(0, 20).map((user) => ({ userId: user.id })));
});
describe("who may open the page", () => {
  it("shows a super admin every user, with memberships", async () => {
    const res = await get(app, `${PATH}?pageSize=50`, cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const email of ["admin@reeltime.test", "viewer@reeltime.test", "person21@people.test"])
      expect(html).toContain(email);
    expect(html).toContain("Demo Cinema Guide · Viewer");
    expect(html).toContain("Showing 1–25 of 25");
    expect(html).toContain("No profile yet");
  });

  it.each(["admin", "editor", "viewer"] as const)(
    "answers 403 to a client %s, for the document and the data request",
    async (who) => {
      for (const path of [PATH, `${PATH}?page=2`, `${PATH}?format=csv`]) {
        expect((await get(app, path, cookies[who])).status, path).toBe(403);
        expect((await get(app, dataPath(path), cookies[who])).status, dataPath(path)).toBe(403);
      }
    },
  );

  it("refuses a client admin's crafted request to make themselves super admin", async () => {
    const own = await profileOf(accounts.admin.email);
    const res = await postForm(
      app,
      PATH,
      { intent: "set-super-admin", profileId: own.id, superAdmin: "true", name: "x" },
      cookies.admin,
    );
    expect(res.status).toBe(403);
    expect((await profileOf(accounts.admin.email)).isSuperAdmin).toBe(false);
  });
});

describe("the list", () => {
  it("pages: ?page=2 with 10 per page shows the 11th to the 20th user by name", async () => {
    // By name: Alex Admin, Eva Editor, Person 01 … Person 21, Sam Super, Victor Viewer.
    const res = await get(app, `${PATH}?page=2&pageSize=10`, cookies.superAdmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (let n = 9; n <= 18; n++) expect(html).toContain(`person${n}@people.test`);
    for (const email of ["person8@people.test", "person19@people.test", "admin@reeltime.test"])
      expect(html).not.toContain(`>${email}<`);
    expect(html).toContain("Showing 11–20 of 25");
    // ?page=2 alone (25 per page, 25 users: one page) is answered with the last page, at that address.
    const alone = await get(app, `${PATH}?page=2`, cookies.superAdmin);
    expect(alone.status).toBe(200);
    const html2 = await alone.text();
    expect(html2).toContain("Showing 1–25 of 25");
    expect(html2).toContain("Page 1 of 1");
  });

  it("filters unconfirmed users and super admins, and searches by name or e-mail", async () => {
    const unconfirmed = await (await get(app, `${PATH}?filter=unconfirmed`, cookies.superAdmin)).text();
    expect(unconfirmed).toContain("Showing 1–3 of 3");
    expect(unconfirmed).toContain("person1@people.test");
    const superAdmins = await (await get(app, `${PATH}?filter=super-admins`, cookies.superAdmin)).text();
    expect(superAdmins).toContain("Showing 1–1 of 1");
    expect(superAdmins).toContain("admin@reeltime.test");
    const search = await (await get(app, `${PATH}?q=victor`, cookies.superAdmin)).text();
    expect(search).toContain("viewer@reeltime.test");
    expect(search).toContain("Showing 1–1 of 1");
  });

  it("exports CSV: text/csv, a header row, every matching user", async () => {
    const res = await get(app, `${PATH}?format=csv`, cookies.superAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = csvRows(await res.text());
    expect(rows[0]).toEqual([
      "User id",
      "Name",
      "E-mail address",
      "Confirmed",
      "Super admin",
      "Disabled",
      "Memberships",
      "Last sign-in",
      "Created",
    ]);
    expect(rows).toHaveLength(1 + 25);
    const viewer = rows.find((r) => r[2] === "viewer@reeltime.test")!;
    expect(viewer.slice(1, 7)).toEqual([
      "Victor Viewer",
      "viewer@reeltime.test",
      "yes",
      "no",
      "no",
      "Demo Cinema Guide (viewer)",
    ]);
    expect(viewer[7]).toMatch(/^\d{4}-\d{2}-\d{2}T/); // signed in during the setup
    const unconfirmed = csvRows(
      await (await get(app, `${PATH}?format=csv&filter=unconfirmed`, cookies.superAdmin)).text(),
    );
    expect(unconfirmed).toHaveLength(1 + 3);
  });
});

describe("row actions", () => {
  it("disabling a user signs them out at once; enabling lets them sign in again", async () => {
    expect((await get(app, "/studio", cookies.editor)).status).toBe(200);
    const editor = await profileOf(accounts.editor.email);
    const res = await postForm(
      app,
      dataPath(PATH),
      { intent: "set-disabled", profileId: editor.id, disabled: "true", name: "Eva Editor", confirm: "1" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    const disabled = await res.text();
    expect(disabled).toContain("studio.users.toast.disabled");
    expect(disabled).toContain("Eva Editor");
    expect((await profileOf(accounts.editor.email)).disabledAt).not.toBeNull();

    // Their session no longer works: the studio sends them to sign in, the auth API knows no session.
    const studio = await get(app, "/studio", cookies.editor);
    expect(studio.status).toBe(302);
    expect(studio.headers.get("location")).toBe("/studio/user/login");
    const session = await get(app, "/api/auth/get-session", cookies.editor);
    expect(await session.json()).toBeNull();
    const listed = await (await get(app, `${PATH}?filter=disabled`, cookies.superAdmin)).text();
    expect(listed).toContain("editor@reeltime.test");

    await postForm(
      app,
      PATH,
      { intent: "set-disabled", profileId: editor.id, disabled: "false", name: "Eva Editor", confirm: "1" },
      cookies.superAdmin,
    );
    expect((await profileOf(accounts.editor.email)).disabledAt).toBeNull();
    const again = await signIn(app, accounts.editor.email, accounts.editor.password);
    expect((await get(app, "/studio", again)).status).toBe(200);
  });

  it("refuses to disable yourself with the reason's message reference, never English", async () => {
    const own = await profileOf(accounts.superAdmin.email);
    const res = await postForm(
      app,
      dataPath(PATH),
      { intent: "set-disabled", profileId: own.id, disabled: "true", name: "Sam", confirm: "1" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(409);
    const body = await res.text();
    expect(body).toContain("error.tenancy.cannotDisableSelf");
    expect(body).not.toContain("You cannot disable your own account.");
    expect((await profileOf(accounts.superAdmin.email)).disabledAt).toBeNull();
  });

  it("makes a user super admin and back, audited; the last super admin keeps the flag", async () => {
    const viewer = await profileOf(accounts.viewer.email);
    const granted = await postForm(
      app,
      dataPath(PATH),
      {
        intent: "set-super-admin",
        profileId: viewer.id,
        superAdmin: "true",
        name: "Victor Viewer",
        confirm: "1",
      },
      cookies.superAdmin,
    );
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain("studio.users.toast.granted");
    expect((await profileOf(accounts.viewer.email)).isSuperAdmin).toBe(true);
    const revoked = await postForm(
      app,
      dataPath(PATH),
      {
        intent: "set-super-admin",
        profileId: viewer.id,
        superAdmin: "false",
        name: "Victor Viewer",
        confirm: "1",
      },
      cookies.superAdmin,
    );
    expect(revoked.status).toBe(200);
    expect((await profileOf(accounts.viewer.email)).isSuperAdmin).toBe(false);
    const audits = await database().db.select().from(auditLogs).where(eq(auditLogs.entityId, viewer.id));
    expect(audits.filter((a) => a.action === "super_admin.set")).toHaveLength(2);

    const own = await profileOf(accounts.superAdmin.email);
    const last = await postForm(
      app,
      dataPath(PATH),
      { intent: "set-super-admin", profileId: own.id, superAdmin: "false", name: "Sam", confirm: "1" },
      cookies.superAdmin,
    );
    expect(last.status).toBe(409);
    const lastBody = await last.text();
    expect(lastBody).toContain("error.tenancy.lastSuperAdmin");
    expect(lastBody).not.toContain("You are the last super admin");
    expect((await profileOf(accounts.superAdmin.email)).isSuperAdmin).toBe(true);
  });

  it("resends the confirmation e-mail to an unconfirmed user (not to the super admin asking)", async () => {
    const res = await postForm(
      app,
      dataPath(PATH),
      { intent: "resend-confirmation", email: "person2@people.test" },
      cookies.superAdmin,
    );
    expect(res.status).toBe(200);
    const resent = await res.text();
    expect(resent).toContain("studio.users.toast.resent");
    expect(resent).toContain("person2@people.test");
    const mail = await smtp.waitFor((m) => m.to.includes("person2@people.test"));
    expect(mail.text).toContain("/studio/user/confirm");
    expect(smtp.messages.some((m) => m.to.includes("admin@reeltime.test"))).toBe(false);
  });

  it("does not resend to a confirmed address or an unknown one", async () => {
    const confirmed = await postForm(
      app,
      dataPath(PATH),
      { intent: "resend-confirmation", email: "person9@people.test" },
      cookies.superAdmin,
    );
    expect(confirmed.status).toBe(409);
    expect(await confirmed.text()).toContain("error.tenancy.alreadyConfirmed");
    const unknown = await postForm(
      app,
      dataPath(PATH),
      { intent: "resend-confirmation", email: "nobody@people.test" },
      cookies.superAdmin,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("error.tenancy.userNotFound");
  });

  it("answers invalid bodies with field errors and changes nothing", async () => {
    const viewer = await profileOf(accounts.viewer.email);
    const before = await database().db.select().from(profiles);
    const sent = smtp.messages.length;
    const cases: [Record<string, string>, string][] = [
      [{ intent: "set-disabled", profileId: "not-a-uuid", disabled: "true" }, "validation.idInvalid"],
      [{ intent: "set-disabled", profileId: viewer.id, disabled: "maybe" }, "validation.choiceInvalid"],
      [{ intent: "set-super-admin", profileId: viewer.id }, "validation.choiceInvalid"],
      [{ intent: "resend-confirmation", email: "not an address" }, "validation.emailInvalid"],
      [{ intent: "delete-everyone" }, "error.form.unknownAction"],
    ];
    for (const [fields, ref] of cases) {
      const res = await postForm(app, dataPath(PATH), fields, cookies.superAdmin);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = await res.text();
      expect(body, JSON.stringify(fields)).toContain(ref);
      expect(body).not.toContain("Unknown action.");
    }
    expect(await database().db.select().from(profiles)).toEqual(before);
    expect(smtp.messages.length).toBe(sent);
  });

  it("sends a Dutch reader the last super admin refusal as a reference, never English text", async () => {
    const own = await profileOf(accounts.superAdmin.email);
    const res = await postForm(
      app,
      dataPath(PATH),
      { intent: "set-super-admin", profileId: own.id, superAdmin: "false", name: "Sam", confirm: "1" },
      `${cookies.superAdmin}; reeltime-locale=nl`,
    );
    expect(res.status).toBe(409);
    // The reference travels; the page translates it (here: the Dutch catalogue has it).
    const body = await res.text();
    expect(body).toContain("error.tenancy.lastSuperAdmin");
    expect(body).not.toContain("You are the last super admin");
    expect((await profileOf(accounts.superAdmin.email)).isSuperAdmin).toBe(true);
  });
});
