// The account lifecycle through the real app: register → e-mail over a real SMTP server → choose the
// password → sign in; pre-registration, disabled accounts, the /api/auth allowlist, invitations. Limits
// and lockout: auth-limits.test.ts.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "../core/access/actor.ts";
import { newInvitationToken, hashInvitationToken } from "../core/tenancy/invitation-token.ts";
import { setSuperAdmin } from "../core/tenancy/set-super-admin.ts";
import { auditLogs } from "../db/schema/audit.ts";
import { sessions } from "../db/schema/auth.ts";
import { clientMembers, clients, invitations, profiles } from "../db/schema/tenancy.ts";
import {
  apiPost,
  apiSignIn,
  app,
  BASE,
  choosePassword,
  confirmLinks,
  cookieFrom,
  formPost,
  hasSessionCookie,
  nextConfirmLink,
  PASSWORD,
  register,
  registerAndConfirm,
  setUpAuthApp,
  smtp,
  userRow,
} from "./auth-test-support.ts";

const database = setUpAuthApp();

describe("registration ends with choosing the password", () => {
  const email = "new.user@example.com";

  it("registers without a password, mails a localized link, and the link page changes nothing", async () => {
    const res = await app.request(`${BASE}/studio/user/register`, {
      method: "POST",
      body: new URLSearchParams({ name: "New User", email, terms: "on" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: BASE,
        cookie: "reeltime-locale=nl",
      },
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/bevestig/i);
    const link = await nextConfirmLink(email, 0);
    expect(link.path).toMatch(/^\/studio\/user\/confirm\?type=email&token=/);
    const user = await userRow(email);
    expect(user?.emailVerified).toBe(false);
    expect(user?.isSuperAdmin).toBe(false);

    const page = await app.request(`${BASE}${link.path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    expect((await userRow(email))?.emailVerified).toBe(false);
  });

  it("refuses a weak password, then confirms with the chosen one and signs in no one", async () => {
    const link = await nextConfirmLink(email, 0);
    const weak = await choosePassword(link.path, link.token, "short");
    expect(weak.status).toBe(400);
    const confirmed = await choosePassword(link.path, link.token, PASSWORD);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(
      `/studio/user/login?confirmed=1&email=${encodeURIComponent(email)}`,
    );
    expect(hasSessionCookie(confirmed)).toBe(false);
    const user = await userRow(email);
    expect(user?.emailVerified).toBe(true);
    expect(await database().db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    const audit = await database()
      .db.select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "auth.email_confirmed"));
    expect(audit.some((row) => row.entityId === user!.id)).toBe(true);
    // Single use.
    expect((await choosePassword(link.path, link.token, "another good one 1")).status).toBe(400);
  });

  it("signs in with the chosen password; no session token reaches JavaScript", async () => {
    const signIn = await apiSignIn(email, PASSWORD);
    expect(signIn.status).toBe(200);
    expect(JSON.stringify(await signIn.json())).not.toMatch(/"token"/);
    const sessionCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("reeltime.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/.exec(sessionCookie!)?.[1])).toBe(400 * 24 * 60 * 60);
    const session = await app.request("/api/auth/get-session", { headers: { cookie: cookieFrom(signIn) } });
    const body = (await session.json()) as { user: { email: string }; session: Record<string, unknown> };
    expect(body.user.email).toBe(email);
    expect(body.session).not.toHaveProperty("token");
  });

  it("answers the same for an address that already has an account, and changes nothing", async () => {
    const linksBefore = confirmLinks(email).length;
    const res = await register("Impostor", email);
    expect(res.status).toBe(200);
    expect((await userRow(email))?.name).toBe("New User");
    expect((await apiSignIn(email, PASSWORD)).status).toBe(200);
    expect(confirmLinks(email)).toHaveLength(linksBefore);
  });
});

describe("pre-registration takeover (finding 1)", () => {
  const victim = "boss@example.com";

  it("gives an attacker's unconfirmed registration no privilege and no way in", async () => {
    expect((await register("Attacker", victim)).status).toBe(200);
    const row = await userRow(victim);
    expect(row?.isSuperAdmin).toBe(false);
    // The old route to a chosen password is closed.
    expect(
      (await apiPost("/api/auth/sign-up/email", { name: "Attacker", email: victim, password: PASSWORD }))
        .status,
    ).toBe(404);
    expect((await apiSignIn(victim, PASSWORD)).status).toBe(401);
  });

  it("invalidates the attacker's link when the owner registers again; the owner's link signs in no one", async () => {
    const attackerLink = await nextConfirmLink(victim, 0);
    const before = confirmLinks(victim).length;
    expect((await register("The Boss", victim)).status).toBe(200);
    const ownerLink = await nextConfirmLink(victim, before);
    expect((await userRow(victim))?.name).toBe("The Boss");

    expect((await app.request(`${BASE}${attackerLink.path}`)).status).toBe(400);
    expect((await choosePassword(attackerLink.path, attackerLink.token, "attacker pass 99")).status).toBe(
      400,
    );

    const confirmed = await choosePassword(ownerLink.path, ownerLink.token, "the owner's own 1");
    expect(confirmed.status).toBe(302);
    expect(hasSessionCookie(confirmed)).toBe(false);
    expect((await userRow(victim))?.isSuperAdmin).toBe(true);
    expect((await apiSignIn(victim, "attacker pass 99")).status).toBe(401);
    expect((await apiSignIn(victim, "the owner's own 1")).status).toBe(200);
  });

  it("keeps a withdrawn super admin flag withdrawn across sign-ins (SUPER_ADMIN_EMAILS)", async () => {
    const second = "second.boss@example.com";
    await registerAndConfirm(second);
    expect((await userRow(second))?.isSuperAdmin).toBe(true);
    const boss = (await userRow(victim))!;
    const actor: Actor = {
      userId: boss.id,
      profileId: boss.profileId!,
      isSuperAdmin: true,
      effectiveClientId: null,
      role: null,
      impersonating: false,
    };
    await setSuperAdmin({ db: database().db }, actor, {
      profileId: (await userRow(second))!.profileId!,
      isSuperAdmin: false,
    });
    expect((await apiSignIn(second, PASSWORD)).status).toBe(200);
    expect((await userRow(second))?.isSuperAdmin).toBe(false);
  });
});

describe("disabled accounts (finding 2)", () => {
  const email = "disabled.user@example.com";

  it("refuses sign-in everywhere with the message, and ends every existing session", async () => {
    await registerAndConfirm(email);
    const signIn = await apiSignIn(email, PASSWORD);
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn);
    const user = (await userRow(email))!;
    await database()
      .db.update(profiles)
      .set({ disabledAt: new Date() })
      .where(eq(profiles.id, user.profileId!));

    const api = await apiSignIn(email, PASSWORD);
    expect(api.status).toBe(403);
    expect((await api.json()) as { code: string; message: string }).toMatchObject({
      code: "ACCOUNT_DISABLED",
      message: "This account has been disabled.",
    });
    const studio = await formPost("/studio/user/login.data", {
      intent: "sign-in",
      email,
      password: PASSWORD,
    });
    expect(studio.status).toBe(403);
    expect(await studio.text()).toContain("error.auth.accountDisabled");
    expect(hasSessionCookie(studio)).toBe(false);

    const session = await app.request("/api/auth/get-session", { headers: { cookie } });
    expect(await session.json()).toBeNull();
    const page = await app.request(`${BASE}/studio`, { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/studio/user/login");
  });
});

describe("/api/auth over HTTP (finding 8)", () => {
  it.each([
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/change-password"],
    ["POST", "/api/auth/update-user"],
    ["POST", "/api/auth/change-email"],
    ["POST", "/api/auth/verify-password"],
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/send-verification-email"],
    ["GET", "/api/auth/verify-email?token=x"],
  ])("%s %s → 404", async (method, path) => {
    const res = await app.request(path, {
      method,
      headers: { "content-type": "application/json", origin: BASE },
      body: method === "POST" ? "{}" : undefined,
    });
    expect(res.status).toBe(404);
  });
});

describe("invitations are accepted by a click (finding 9)", () => {
  it("shows the invitation on GET and accepts it only on POST", async () => {
    const email = "invitee@example.com";
    await registerAndConfirm(email);
    const cookie = cookieFrom(await apiSignIn(email, PASSWORD));
    const [client] = await database()
      .db.insert(clients)
      .values({ name: "Invite Cinema", slug: "invite-cinema" })
      .returning({ id: clients.uuid });
    const token = newInvitationToken();
    await database()
      .db.insert(invitations)
      .values({
        clientId: client!.id,
        email,
        role: "editor",
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const path = `/studio/user/confirm?type=invite&token=${encodeURIComponent(token)}`;
    const profileId = (await userRow(email))!.profileId!;
    const membership = () =>
      database()
        .db.select()
        .from(clientMembers)
        .where(and(eq(clientMembers.clientId, client!.id), eq(clientMembers.profileId, profileId)));

    const page = await app.request(`${BASE}${path}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Invite Cinema");
    expect(await membership()).toHaveLength(0);

    const accepted = await formPost(path, { intent: "accept", token }, { cookie });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/studio/invite-cinema");
    expect(await membership()).toHaveLength(1);
  });

  it("answers an unknown intent with a translated reference, not English", async () => {
    const res = await formPost("/studio/user/login.data", { intent: "nonsense" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("error.form.unknownAction");
  });
});
