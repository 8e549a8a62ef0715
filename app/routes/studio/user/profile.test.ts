// /studio/user/profile through the real app: the guard, the name, e-mail, preferences and membership
// forms, and every refusal as a message reference. Passwords: profile-password.test.ts; sessions:
// profile-sessions.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../../../db/schema/tenancy.ts";
import {
  app,
  auditRows,
  createUser,
  getPage,
  PAGE,
  post,
  postData,
  setUpProfilePage,
  signIn,
  smtp,
  userIdOf,
} from "../../../../tests/helpers/profile-page.ts";

const database = setUpProfilePage();

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
