// The account lifecycle through the real app: register → e-mail over a real SMTP server → choose the
// password → sign in; pre-registration, disabled accounts, limits and lockout, the /api/auth allowlist.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../core/access/actor.ts";
import { CLIENT_IP_HEADER } from "../core/request-meta.ts";
import { newInvitationToken, hashInvitationToken } from "../core/tenancy/invitation-token.ts";
import { setSuperAdmin } from "../core/tenancy/set-super-admin.ts";
import { auditLogs } from "../db/schema/audit.ts";
import { sessions, users } from "../db/schema/auth.ts";
import { clientMembers, clients, invitations, profiles } from "../db/schema/tenancy.ts";
import { linksIn, startSmtpCapture, type SmtpCapture } from "../tests/helpers/smtp-capture.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
let services: Awaited<ReturnType<typeof createTestApp>>["services"];
let smtp: SmtpCapture;
const BASE = "http://localhost:3000";
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ app, services } = await createTestApp(database(), {
    env: {
      SMTP_URL: smtp.url,
      BASE_URL: BASE,
      SUPER_ADMIN_EMAILS: "boss@example.com,second.boss@example.com",
    },
  }));
});
afterAll(async () => {
  await smtp.close();
});

let ipCounter = 1;
/** A client address no other test uses. */
const freshIp = () => `203.0.113.${ipCounter++}`;

const ipHeaders = (ip: string | undefined): Record<string, string> =>
  ip ? { [CLIENT_IP_HEADER]: ip, "x-forwarded-for": ip } : {};

function apiPost(path: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
  return app.request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      origin: BASE,
      ...ipHeaders(options.ip ?? freshIp()),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

function formPost(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
) {
  return app.request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BASE,
      ...ipHeaders(options.ip ?? freshIp()),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

const cookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const hasSessionCookie = (res: Response) =>
  res.headers.getSetCookie().some((c) => /^reeltime\.session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

const register = (name: string, email: string, ip?: string) =>
  formPost("/studio/user/register", { name, email, terms: "on" }, { ip });

/** The confirmation links mailed to `email`, oldest first. */
const confirmLinks = (email: string) =>
  smtp.messages
    .filter((m) => m.to.includes(email))
    .flatMap((m) => linksIn(m.text))
    .filter((l) => l.includes("/studio/user/confirm?type=email&"));

async function nextConfirmLink(email: string, before: number) {
  await smtp.waitFor(() => confirmLinks(email).length > before);
  const link = new URL(confirmLinks(email).at(-1)!);
  return { path: link.pathname + link.search, token: link.searchParams.get("token")! };
}

const choosePassword = (path: string, token: string, password: string, cookie?: string) =>
  formPost(path, { intent: "confirm", token, password, confirmPassword: password }, { cookie });

async function userRow(email: string) {
  const [row] = await database()
    .db.select({
      id: users.id,
      name: users.name,
      emailVerified: users.emailVerified,
      profileId: profiles.id,
      isSuperAdmin: profiles.isSuperAdmin,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

/** Registers and confirms `email` with `password`; returns nothing (no one is signed in). */
async function registerAndConfirm(email: string, password = PASSWORD) {
  const before = confirmLinks(email).length;
  expect((await register("Someone", email)).status).toBe(200);
  const link = await nextConfirmLink(email, before);
  const confirmed = await choosePassword(link.path, link.token, password);
  expect(confirmed.status).toBe(302);
}

async function apiSignIn(email: string, password: string, ip = freshIp()) {
  return apiPost("/api/auth/sign-in/email", { email, password }, { ip });
}

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
    await setSuperAdmin(database().db, actor, {
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

describe("sign-in lockout and limits (findings 3 and 4)", () => {
  const email = "lockout.target@example.com";

  it("makes the pair wait after five failures (429, not 500) while the owner signs in elsewhere", async () => {
    await registerAndConfirm(email);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await formPost(
        "/studio/user/login",
        { intent: "sign-in", email, password: `wrong password ${i}` },
        { ip: attacker },
      );
      statuses.push(res.status);
      if (i === 5) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await res.text()).toContain("Too many attempts");
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right password from the same place waits too; from elsewhere it works.
    expect((await apiSignIn(email, PASSWORD, attacker)).status).toBe(429);
    const owner = await formPost("/studio/user/login", { intent: "sign-in", email, password: PASSWORD });
    expect(owner.status).toBe(302);
  });

  it("holds a slower limit per account against many addresses; a password reset clears it", async () => {
    for (let i = 0; i < 50; i++) await apiSignIn(email, `wrong from many ${i}`);
    expect((await apiSignIn(email, PASSWORD)).status).toBe(429);

    // "Forgot password" still works while locked.
    const forgot = await formPost("/studio/user/login", { intent: "forgot", email });
    expect(forgot.status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && linksIn(m.text).some((l) => l.includes("type=recovery")),
    );
    const link = new URL(linksIn(mail.text).find((l) => l.includes("type=recovery"))!);
    const reset = await formPost(link.pathname + link.search, {
      intent: "recovery",
      token: link.searchParams.get("token")!,
      password: "a brand new one 2",
      confirmPassword: "a brand new one 2",
    });
    expect(reset.status).toBe(200);
    expect(hasSessionCookie(reset)).toBe(false);
    expect((await apiSignIn(email, "a brand new one 2")).status).toBe(200);
    // Dozens of sign-ins, each hashing a password: see the next test.
  }, 120_000);

  it("limits sign-in attempts per client address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await apiSignIn(`nobody${i}@example.com`, "whatever 1", ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
    // 61 sign-ins, each hashing a password: seconds alone, much longer on a busy machine.
  }, 120_000);

  it("limits registration, resend and reset per client address and per account", async () => {
    const ip = freshIp();
    const perIp = async (send: (i: number) => Response | Promise<Response>) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await send(i)).status);
      return statuses;
    };
    expect((await perIp((i) => register("N", `ip.limit.${i}@example.com`, ip))).at(-1)).toBe(429);
    const ip2 = freshIp();
    expect(
      (
        await perIp((i) =>
          formPost("/studio/user/login", { intent: "resend", email: `r${i}@example.com` }, { ip: ip2 }),
        )
      ).at(-1),
    ).toBe(429);
    const ip3 = freshIp();
    expect(
      (
        await perIp((i) =>
          formPost("/studio/user/login", { intent: "forgot", email: `f${i}@example.com` }, { ip: ip3 }),
        )
      ).at(-1),
    ).toBe(429);
    // Per account: from a new address each time.
    const account = "one.account@example.com";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await formPost("/studio/user/login", { intent: "forgot", email: account })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("sends at most three confirmation e-mails per address an hour, with the same answer", async () => {
    const email = "mail.cap@example.com";
    for (let i = 0; i < 3; i++) expect((await register("Cap", email)).status).toBe(200);
    await smtp.waitFor(() => confirmLinks(email).length >= 3);
    expect((await register("Cap", email)).status).toBe(200);
    expect((await formPost("/studio/user/login", { intent: "resend", email })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(confirmLinks(email)).toHaveLength(3);
  });

  it("limits current-password checks per account, for server calls too", async () => {
    const email = "password.oracle@example.com";
    await registerAndConfirm(email);
    const cookie = cookieFrom(await apiSignIn(email, PASSWORD));
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const headers = new Headers({ cookie, ...ipHeaders(freshIp()) });
      outcomes.push(
        await services.auth.api
          .verifyPassword({ body: { password: `guess ${i}` }, headers })
          .then(() => "ok")
          .catch((error: { statusCode?: number }) => String(error.statusCode)),
      );
    }
    expect(outcomes.slice(0, 10).every((o) => o !== "429")).toBe(true);
    expect(outcomes[10]).toBe("429");
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
