// /studio/user/profile under test (app/routes/studio/user/profile*.test.ts): the real app over a database of
// its own with an SMTP capture, users created directly, and the page's requests.
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { auditLogs } from "../../db/schema/audit.ts";
import { accounts, users } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { createApp } from "../../server/app.ts";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture.ts";
import { createTestApp } from "./test-app.ts";
import { useTestDatabase } from "./test-db.ts";

const BASE = "http://localhost:3000";
export const PAGE = "/studio/user/profile";
// Set by setUpProfilePage() and its hooks; the test files read these bindings as they are by then.
let database: ReturnType<typeof useTestDatabase>;
export let app: ReturnType<typeof createApp>;
export let smtp: SmtpCapture;
let ipCounter = 10;

/** For a test file: a database of its own, an SMTP capture and the app over them. */
export function setUpProfilePage() {
  database = useTestDatabase();
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ({ app } = await createTestApp(database(), { env: { SMTP_URL: smtp.url, BASE_URL: BASE } }));
  });
  afterAll(async () => {
    await smtp.close();
  });
  return database;
}

/** A confirmed user with a password and a profile, created directly (like the demo seed). */
export async function createUser(name: string, email: string, password: string) {
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
export function signInRequest(
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

export async function signIn(email: string, password: string, userAgent?: string) {
  const res = await signInRequest(email, password, userAgent);
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function post(cookie: string, fields: Record<string, string>) {
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
export function postData(cookie: string, fields: Record<string, string>) {
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

export const getPage = (cookie: string, path = PAGE) => app.request(path, { headers: { cookie } });

export async function userIdOf(profileId: string) {
  const [row] = await database().db.select().from(profiles).where(eq(profiles.id, profileId));
  return row?.userId;
}

export async function auditRows(action: string, profileId: string) {
  return database()
    .db.select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorProfileId, profileId)));
}
