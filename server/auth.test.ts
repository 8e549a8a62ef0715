// Sign-up to sign-in through the real auth endpoints, with e-mail over a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLogs } from "../db/schema/audit.ts";
import { users } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/tenancy.ts";
import { linksIn, startSmtpCapture, type SmtpCapture } from "../tests/helpers/smtp-capture.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
let smtp: SmtpCapture;
const BASE = "http://localhost:3000";

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ app } = await createTestApp(database(), {
    env: { SMTP_URL: smtp.url, BASE_URL: BASE, SUPER_ADMIN_EMAILS: "boss@example.com" },
  }));
});
afterAll(async () => {
  await smtp.close();
});

function post(path: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
  return app.request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      origin: BASE,
      "x-forwarded-for": options.ip ?? "198.51.100.1",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

const cookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("registration and confirmation", () => {
  const email = "new.user@example.com";
  const password = "correct horse battery";

  it("registers, sends a localized confirmation e-mail and creates the profile", async () => {
    const res = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({ name: "New User", email, password }),
      headers: { "content-type": "application/json", origin: BASE, cookie: "reeltime-locale=nl" },
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/bevestig/i);
    expect(mail.text).toBeDefined();
    expect(mail.html).toBeDefined();
    const [user] = await database().db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await database().db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile?.isSuperAdmin).toBe(false);
  });

  it("refuses sign-in before the address is confirmed, saying why", async () => {
    const res = await post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("confirms through the link in the e-mail and then signs in with a long-lived HttpOnly cookie", async () => {
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    const link = linksIn(mail.text).find((l) => l.includes("/studio/user/confirm"));
    expect(link).toMatch(/^http:\/\/localhost:3000\/studio\/user\/confirm\?type=email&token=/);
    const token = new URL(link!).searchParams.get("token")!;
    const verified = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
      headers: { origin: BASE },
    });
    expect(verified.status).toBeLessThan(400);
    const [user] = await database().db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    const signIn = await post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const sessionCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("reeltime.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/.exec(sessionCookie!)?.[1])).toBe(400 * 24 * 60 * 60);

    const session = await app.request("/api/auth/get-session", { headers: { cookie: cookieFrom(signIn) } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    const actions = (await database().db.select({ action: auditLogs.action }).from(auditLogs)).map(
      (r) => r.action,
    );
    expect(actions).toContain("auth.sign_in");
  });

  it("bootstraps a super admin from SUPER_ADMIN_EMAILS", async () => {
    await post("/api/auth/sign-up/email", { name: "Boss", email: "boss@example.com", password });
    const [row] = await database()
      .db.select({ isSuperAdmin: profiles.isSuperAdmin })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, "boss@example.com"));
    expect(row?.isSuperAdmin).toBe(true);
  });
});

describe("sign-in throttling", () => {
  const email = "victim@example.com";
  const password = "the right password";

  it("locks an account after repeated failures: even the right password is refused until the window passes", async () => {
    await post("/api/auth/sign-up/email", { name: "Victim", email, password });
    await database().db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push(
        (await post("/api/auth/sign-in/email", { email, password: `wrong-${i}` }, { ip: "203.0.113.7" }))
          .status,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    // The account is locked after five failures (and this IP is over its own limit after 60 attempts).
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // From another address, the right password is still refused while the account's window lasts.
    const right = await post("/api/auth/sign-in/email", { email, password }, { ip: "203.0.113.99" });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toBe(
      "Too many failed sign-in attempts. Try again later.",
    );
    const failures = await database()
      .db.select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "auth.sign_in_failed"));
    expect(failures.length).toBeGreaterThanOrEqual(50);
  });

  it("does not let one account's failures lock another", async () => {
    const other = "bystander@example.com";
    await post("/api/auth/sign-up/email", { name: "Bystander", email: other, password });
    await database().db.update(users).set({ emailVerified: true }).where(eq(users.email, other));
    expect(
      (await post("/api/auth/sign-in/email", { email: other, password }, { ip: "203.0.113.50" })).status,
    ).toBe(200);
  });
});
