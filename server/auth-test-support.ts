// The account lifecycle under test (server/auth*.test.ts): the real app over a database of its own with a
// real SMTP server, and the requests a visitor makes: register, follow the mailed link, choose the
// password, sign in, each from a client address of its own.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { CLIENT_IP_HEADER } from "../core/request-meta.ts";
import { users } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/tenancy.ts";
import { linksIn, startSmtpCapture, type SmtpCapture } from "../tests/helpers/smtp-capture.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

// Set by setUpAuthApp() and its hooks; the test files read these bindings as they are by then.
let database: ReturnType<typeof useTestDatabase>;
export let app: ReturnType<typeof createApp>;
export let services: Awaited<ReturnType<typeof createTestApp>>["services"];
export let smtp: SmtpCapture;
export const BASE = "http://localhost:3000";
export const PASSWORD = "correct horse battery";

/** For a test file: a database of its own, an SMTP capture and the app over them (two super admin addresses). */
export function setUpAuthApp() {
  database = useTestDatabase();
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
  return database;
}

let ipCounter = 1;
/** A client address no other test uses. */
export const freshIp = () => `203.0.113.${ipCounter++}`;

export const ipHeaders = (ip: string | undefined): Record<string, string> =>
  ip ? { [CLIENT_IP_HEADER]: ip, "x-forwarded-for": ip } : {};

export function apiPost(path: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
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

export function formPost(
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

export const cookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
export const hasSessionCookie = (res: Response) =>
  res.headers.getSetCookie().some((c) => /^reeltime\.session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

export const register = (name: string, email: string, ip?: string) =>
  formPost("/studio/user/register", { name, email, terms: "on" }, { ip });

/** The confirmation links mailed to `email`, oldest first. */
export const confirmLinks = (email: string) =>
  smtp.messages
    .filter((m) => m.to.includes(email))
    .flatMap((m) => linksIn(m.text))
    .filter((l) => l.includes("/studio/user/confirm?type=email&"));

export async function nextConfirmLink(email: string, before: number) {
  await smtp.waitFor(() => confirmLinks(email).length > before);
  const link = new URL(confirmLinks(email).at(-1)!);
  return { path: link.pathname + link.search, token: link.searchParams.get("token")! };
}

export const choosePassword = (path: string, token: string, password: string, cookie?: string) =>
  formPost(path, { intent: "confirm", token, password, confirmPassword: password }, { cookie });

export async function userRow(email: string) {
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
export async function registerAndConfirm(email: string, password = PASSWORD) {
  const before = confirmLinks(email).length;
  expect((await register("Someone", email)).status).toBe(200);
  const link = await nextConfirmLink(email, before);
  const confirmed = await choosePassword(link.path, link.token, password);
  expect(confirmed.status).toBe(302);
}

export async function apiSignIn(email: string, password: string, ip = freshIp()) {
  return apiPost("/api/auth/sign-in/email", { email, password }, { ip });
}
