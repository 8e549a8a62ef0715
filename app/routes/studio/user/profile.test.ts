// /studio/user/profile through the real app: the guard, each form's action, and what they change.
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { accounts, sessions, users } from "../../../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../../../db/schema/tenancy.ts";
import type { createApp } from "../../../../server/app.ts";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/helpers/smtp-capture.ts";
import { createTestApp } from "../../../../tests/helpers/test-app.ts";
// Not a React hook (the hooks lint rule runs on app/): a fresh database per test file.
import { useTestDatabase as freshTestDatabase } from "../../../../tests/helpers/test-db.ts";

const BASE = "http://localhost:3000";
const PAGE = "/studio/user/profile";
const database = freshTestDatabase();
let app: ReturnType<typeof createApp>;
let smtp: SmtpCapture;
let ipCounter = 10;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ app } = await createTestApp(database(), { env: { SMTP_URL: smtp.url, BASE_URL: BASE } }));
});
afterAll(async () => {
  await smtp.close();
});

/** A confirmed user with a password and a profile, created directly (like the demo seed). */
async function createUser(name: string, email: string, password: string) {
  const { db } = database();
  const [user] = await db.insert(users).values({ name, email, emailVerified: true }).returning();
  await db.insert(accounts).values({
    userId: user!.id,
    accountId: user!.id,
    providerId: "credential",
    password: await hashPassword(password),
  });
  const [profile] = await db.insert(profiles).values({ userId: user!.id, displayName: name }).returning();
  return { userId: user!.id, profileId: profile!.id };
}

/** Each sign-in from its own address, so the per-IP limit of the sign-in endpoint never matters. */
function signInRequest(
  email: string,
  password: string,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
) {
  return app.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: {
      "content-type": "application/json",
      origin: BASE,
      "x-forwarded-for": `198.51.100.${ipCounter++}`,
      "user-agent": userAgent,
    },
  });
}

async function signIn(email: string, password: string, userAgent?: string) {
  const res = await signInRequest(email, password, userAgent);
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function post(cookie: string, fields: Record<string, string>) {
  // A form from our own pages: same origin as the request (React Router refuses cross-origin actions).
  return app.request(`${BASE}${PAGE}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      origin: BASE,
      "x-forwarded-for": "192.0.2.50",
    },
  });
}

/** The same POST as a script-driven form sends it: the action's result alone (single fetch). */
function postData(cookie: string, fields: Record<string, string>) {
  return app.request(`${BASE}${PAGE}.data`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      origin: BASE,
      "x-forwarded-for": "192.0.2.50",
    },
  });
}

const getPage = (cookie: string, path = PAGE) => app.request(path, { headers: { cookie } });

async function userIdOf(profileId: string) {
  const [row] = await database().db.select().from(profiles).where(eq(profiles.id, profileId));
  return row?.userId;
}

async function auditRows(action: string, profileId: string) {
  return database()
    .db.select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorProfileId, profileId)));
}

describe("access", () => {
  it("sends an anonymous visitor to the sign-in page", async () => {
    const res = await app.request(PAGE);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
  });

  it("shows a signed-in user their profile, with this session marked", async () => {
    await createUser("Paula Page", "paula@example.com", "paula-password-1");
    const cookie = await signIn("paula@example.com", "paula-password-1");
    const res = await getPage(cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("paula@example.com");
    expect(html).toContain("This session");
    expect(html).toContain("Chrome on Linux");
  });
});

describe("name", () => {
  it("saves the name and display name, and audits the change", async () => {
    const { userId, profileId } = await createUser("Nora Name", "nora@example.com", "nora-password-1");
    const cookie = await signIn("nora@example.com", "nora-password-1");
    const res = await post(cookie, { intent: "name", name: "Nora Newname", displayName: "Nono" });
    expect(res.status).toBe(200);
    const { db } = database();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe("Nora Newname");
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
    expect(profile?.displayName).toBe("Nono");
    const [row] = await auditRows("profile.update", profileId);
    expect(row?.before).toMatchObject({ name: "Nora Name", displayName: "Nora Name" });
    expect(row?.after).toMatchObject({ name: "Nora Newname", displayName: "Nono" });
    // The page (and the header) show the new name.
    expect(await (await getPage(cookie)).text()).toContain("Nora Newname");
  });

  it("refuses an empty name with a field error", async () => {
    const { userId } = await createUser("Ed Empty", "ed@example.com", "ed-password-12");
    const cookie = await signIn("ed@example.com", "ed-password-12");
    const res = await post(cookie, { intent: "name", name: "  ", displayName: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Enter your name (at most 100 characters).");
    const [user] = await database().db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe("Ed Empty");
  });
});

describe("password", () => {
  const email = "pat@example.com";
  const oldPassword = "pat-old-password-1";
  const newPassword = "pat-new-password-2";
  let profileId = "";
  let cookie = "";

  beforeAll(async () => {
    ({ profileId } = await createUser("Pat Password", email, oldPassword));
    cookie = await signIn(email, oldPassword);
  });

  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const res = await post(cookie, {
      intent: "password",
      currentPassword: "not-my-password-9",
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("That is not your current password.");
    expect((await signInRequest(email, newPassword)).status).toBe(401);
    expect((await signInRequest(email, oldPassword)).status).toBe(200);
    expect(await auditRows("auth.password_change", profileId)).toHaveLength(0);
  });

  it("refuses a weak new password (the strength rule) and a repeat that differs", async () => {
    const weak = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword: "short1",
      confirmPassword: "short1",
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Use at least 10 characters.");
    const lettersOnly = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword: "onlyletterspassword",
      confirmPassword: "onlyletterspassword",
    });
    expect(lettersOnly.status).toBe(400);
    const mismatch = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword,
      confirmPassword: `${newPassword}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same.");
    expect((await signInRequest(email, oldPassword)).status).toBe(200);
  });

  it("changes a good password: the old one no longer signs in, other sessions end by default, a mail goes out", async () => {
    const otherSession = await signIn(
      email,
      oldPassword,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    );
    expect((await getPage(otherSession)).status).toBe(200);
    smtp.clear();
    const res = await post(cookie, {
      intent: "password",
      currentPassword: oldPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(200);
    expect((await signInRequest(email, oldPassword)).status).toBe(401);
    expect((await signInRequest(email, newPassword)).status).toBe(200);
    // This session carries on; the other one is signed out.
    expect((await getPage(cookie)).status).toBe(200);
    const other = await getPage(otherSession);
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/studio/user/login");
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toMatchObject({ revokedOtherSessions: true });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toContain("/studio/user/login?forgot=1");
  });
});

describe("password change and the other sessions", () => {
  // Finding 9: a password change used to keep the other sessions unless a box was ticked.
  it("ends the other sessions by default: the form sends no keepOtherSessions field", async () => {
    const { profileId } = await createUser("Dee Default", "dee@example.com", "dee-old-password-1");
    const here = await signIn("dee@example.com", "dee-old-password-1");
    const phone = await signIn(
      "dee@example.com",
      "dee-old-password-1",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    );
    const res = await postData(here, {
      intent: "password",
      currentPassword: "dee-old-password-1",
      newPassword: "dee-new-password-2",
      confirmPassword: "dee-new-password-2",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.password.changedSignedOut");
    expect((await getPage(phone)).status).toBe(302);
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toEqual({ revokedOtherSessions: true, sessionsRevoked: 1 });
  });

  it("keeps the other sessions when the user asks to stay signed in there", async () => {
    const { profileId } = await createUser("Kim Keep", "kim@example.com", "kim-old-password-1");
    const here = await signIn("kim@example.com", "kim-old-password-1");
    const laptop = await signIn("kim@example.com", "kim-old-password-1");
    smtp.clear();
    const res = await postData(here, {
      intent: "password",
      currentPassword: "kim-old-password-1",
      newPassword: "kim-new-password-2",
      confirmPassword: "kim-new-password-2",
      keepOtherSessions: "on",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.password.changed");
    expect((await getPage(laptop)).status).toBe(200);
    const [row] = await auditRows("auth.password_change", profileId);
    expect(row?.after).toEqual({ revokedOtherSessions: false, sessionsRevoked: 0 });
    // The owner hears of it either way.
    const mail = await smtp.waitFor((m) => m.to.includes("kim@example.com"));
    expect(mail.text).toContain("/studio/user/login?forgot=1");
  });

  it("answers a wrong current password with a field error (a message reference), no audit row", async () => {
    const { profileId } = await createUser("Wes Wrong", "wes@example.com", "wes-old-password-1");
    const here = await signIn("wes@example.com", "wes-old-password-1");
    const res = await postData(here, {
      intent: "password",
      currentPassword: "not-wes-password-9",
      newPassword: "wes-new-password-2",
      confirmPassword: "wes-new-password-2",
    });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("currentPassword");
    expect(body).toContain("studio.profile.password.wrongCurrent");
    // Said beside the field only: no banner repeating it for the whole form.
    expect(body).not.toContain("error.form.invalid");
    expect(body).not.toContain("That is not your current password.");
    // The passwords typed are never sent back.
    expect(body).not.toContain("not-wes-password-9");
    expect(body).not.toContain("wes-new-password-2");
    expect(await auditRows("auth.password_change", profileId)).toHaveLength(0);
  });
});

describe("refusals", () => {
  it("carry a message reference, never English text", async () => {
    const { db } = database();
    const { profileId } = await createUser("Rex Refused", "rex@example.com", "rex-password-12");
    const [client] = await db.insert(clients).values({ name: "Rex Cinema", slug: "rex" }).returning();
    await db.insert(clientMembers).values({ clientId: client!.uuid, profileId, role: "admin" });
    const cookie = await signIn("rex@example.com", "rex-password-12");
    const [own] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (await userIdOf(profileId))!));
    const cases: [Record<string, string>, number, string, string][] = [
      [{ intent: "name", name: "" }, 400, "studio.profile.name.nameRequired", "Enter your name"],
      [
        { intent: "email", newEmail: "nope" },
        400,
        "validation.emailInvalid",
        "Enter a valid e-mail address.",
      ],
      [{ intent: "email", newEmail: "rex@example.com" }, 400, "studio.profile.email.same", "already your"],
      [
        { intent: "preferences", locale: "xx", colourMode: "dark" },
        400,
        "studio.profile.preferences.invalid",
        "Choose one",
      ],
      [{ intent: "revoke-session", sessionId: own!.id }, 400, "studio.profile.error.confirm", "Confirm this"],
      [
        { intent: "revoke-session", sessionId: own!.id, confirm: "1" },
        400,
        "error.account.currentSession",
        "sign out.",
      ],
      [
        { intent: "revoke-session", sessionId: "00000000-0000-4000-8000-000000000000", confirm: "1" },
        404,
        "error.account.sessionNotFound",
        "already ended",
      ],
      [
        { intent: "leave-client", clientId: client!.uuid, confirm: "1" },
        409,
        "error.tenancy.lastAdminLeaving",
        "only admin",
      ],
      [{ intent: "nonsense" }, 400, "error.form.unknownAction", "Reload the page"],
    ];
    for (const [fields, status, ref, english] of cases) {
      const res = await postData(cookie, fields);
      const body = await res.text();
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(body, JSON.stringify(fields)).toContain(ref);
      expect(body, JSON.stringify(fields)).not.toContain(english);
    }
  });
});

describe("sessions", () => {
  it("revokes another session: its cookie stops working, this one carries on", async () => {
    const { userId, profileId } = await createUser("Sue Sessions", "sue@example.com", "sue-password-12");
    const here = await signIn("sue@example.com", "sue-password-12");
    const there = await signIn(
      "sue@example.com",
      "sue-password-12",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
    );
    const page = await (await getPage(here)).text();
    expect(page).toContain("Firefox on Windows");

    const { db } = database();
    const all = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(all).toHaveLength(2);
    const thereToken = decodeURIComponent(/reeltime\.session_token=([^;]+)/.exec(there)![1]!).split(".")[0];
    const target = all.find((s) => s.token === thereToken)!;

    // Without the confirmation nothing happens.
    expect((await post(here, { intent: "revoke-session", sessionId: target.id })).status).toBe(400);
    expect((await getPage(there)).status).toBe(200);

    const res = await post(here, { intent: "revoke-session", sessionId: target.id, confirm: "1" });
    expect(res.status).toBe(200);
    const gone = await getPage(there);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe("/studio/user/login");
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.session_revoke", profileId);
    expect(row?.entityId).toBe(target.id);
  });

  it("cannot revoke another user's session", async () => {
    await createUser("Mal Lory", "mallory@example.com", "mallory-pass-1");
    const { userId: victimId } = await createUser("Vic Tim", "victim@example.com", "victim-pass-12");
    const mallory = await signIn("mallory@example.com", "mallory-pass-1");
    const victim = await signIn("victim@example.com", "victim-pass-12");
    const [victimSession] = await database().db.select().from(sessions).where(eq(sessions.userId, victimId));
    const res = await post(mallory, { intent: "revoke-session", sessionId: victimSession!.id, confirm: "1" });
    expect(res.status).toBe(404);
    expect((await getPage(victim)).status).toBe(200);
  });

  it("signs out all other sessions at once", async () => {
    const { profileId } = await createUser("Otto Others", "otto@example.com", "otto-password-1");
    const here = await signIn("otto@example.com", "otto-password-1");
    const a = await signIn("otto@example.com", "otto-password-1");
    const b = await signIn("otto@example.com", "otto-password-1");
    const res = await post(here, { intent: "revoke-other-sessions", confirm: "1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("studio.profile.sessions.revokedOthers");
    expect((await getPage(a)).status).toBe(302);
    expect((await getPage(b)).status).toBe(302);
    expect((await getPage(here)).status).toBe(200);
    const [row] = await auditRows("auth.session_revoke", profileId);
    expect(row?.after).toMatchObject({ scope: "others", count: 2 });
  });
});

describe("memberships", () => {
  it("refuses to let the last admin leave, with the reason, and lets a viewer leave", async () => {
    const { db } = database();
    const [client] = await db.insert(clients).values({ name: "Solo Cinema", slug: "solo" }).returning();
    const admin = await createUser("Ada Admin", "ada@example.com", "ada-password-12");
    const viewer = await createUser("Vera Viewer", "vera@example.com", "vera-password-1");
    await db.insert(clientMembers).values([
      { clientId: client!.uuid, profileId: admin.profileId, role: "admin" },
      { clientId: client!.uuid, profileId: viewer.profileId, role: "viewer" },
    ]);

    const adminCookie = await signIn("ada@example.com", "ada-password-12");
    expect(await (await getPage(adminCookie)).text()).toContain("Solo Cinema");
    const refused = await post(adminCookie, { intent: "leave-client", clientId: client!.uuid, confirm: "1" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "You are the only admin of this client: make another member admin before you leave.",
    );
    const stillThere = await db
      .select()
      .from(clientMembers)
      .where(eq(clientMembers.profileId, admin.profileId));
    expect(stillThere).toHaveLength(1);

    const viewerCookie = await signIn("vera@example.com", "vera-password-1");
    const left = await post(viewerCookie, { intent: "leave-client", clientId: client!.uuid, confirm: "1" });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain("studio.profile.memberships.left");
    expect(
      await db.select().from(clientMembers).where(eq(clientMembers.profileId, viewer.profileId)),
    ).toHaveLength(0);
  });
});

describe("e-mail change", () => {
  it("sends the confirmation to the current address and audits the request", async () => {
    const { userId, profileId } = await createUser("Emma Mail", "emma@example.com", "emma-password-1");
    const cookie = await signIn("emma@example.com", "emma-password-1");
    smtp.clear();
    const invalid = await post(cookie, { intent: "email", newEmail: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Enter a valid e-mail address.");

    const res = await post(cookie, { intent: "email", newEmail: "Emma.New@Example.com" });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes("emma@example.com"));
    expect(mail.text).toContain("emma.new@example.com");
    expect(mail.text).toMatch(/\/studio\/user\/confirm\?type=email-change&token=/);
    // Nothing changes until the link is followed.
    const [user] = await database().db.select().from(users).where(eq(users.id, userId));
    expect(user?.email).toBe("emma@example.com");
    const [row] = await auditRows("auth.email_change_requested", profileId);
    expect(row?.before).toEqual({ email: "emma@example.com" });
    expect(row?.after).toEqual({ email: "emma.new@example.com" });
  });
});

describe("preferences", () => {
  it("saves locale, colour mode and time zone on the profile, and the first two in the cookies", async () => {
    const { profileId } = await createUser("Lou Locale", "lou@example.com", "lou-password-12");
    const cookie = await signIn("lou@example.com", "lou-password-12");
    const res = await post(cookie, {
      intent: "preferences",
      locale: "nl",
      colourMode: "dark",
      timeZone: "America/New_York",
    });
    expect(res.status).toBe(200);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("reeltime-locale=nl;"))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("reeltime-colour-mode=dark;"))).toBe(true);
    // The toast travels as a message reference; the page shows it in the reader's language.
    expect(await res.text()).toContain("studio.profile.preferences.saved");
    const [profile] = await database().db.select().from(profiles).where(eq(profiles.id, profileId));
    expect(profile).toMatchObject({ locale: "nl", colourMode: "dark", timeZone: "America/New_York" });

    const unknown = await post(cookie, { intent: "preferences", locale: "xx", colourMode: "dark" });
    expect(unknown.status).toBe(400);
    // Every locale of SPEC §9 has a finished file (issue #22): German is saved too.
    const german = await post(cookie, {
      intent: "preferences",
      locale: "de",
      colourMode: "dark",
      timeZone: "Europe/Berlin",
    });
    expect(german.status).toBe(200);
    const badZone = await post(cookie, {
      intent: "preferences",
      locale: "nl",
      colourMode: "dark",
      timeZone: "Mars/Olympus",
    });
    expect(badZone.status).toBe(400);
    expect(await badZone.text()).toContain("studio.profile.preferences.timeZoneInvalid");
    const [after] = await database().db.select().from(profiles).where(eq(profiles.id, profileId));
    expect(after).toMatchObject({ locale: "de", timeZone: "Europe/Berlin" });
  });
});
