// The access matrix's visitors, signed in once per test file against the real app: anonymous, the demo
// viewer, editor and admin, the demo super admin, and the super admin acting as the demo client; and how
// an answer reads as an outcome. Each server/access-matrix*.test.ts file calls setUpAccessMatrix() once.
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { cinemas, countries, movies } from "../db/schema/catalog.ts";
import { accounts, users } from "../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../db/schema/tenancy.ts";
import { seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

export type Who = "anonymous" | "viewer" | "editor" | "admin" | "superAdmin" | "impersonating";
/** page = 200; login = redirect to the sign-in page; studio = redirect to /studio; or a status */
export type Outcome = "page" | "login" | "studio" | "demo-home" | 400 | 403 | 404;
/** One row of the matrix: a path and what each visitor gets there. */
export type RouteRow = { path: string; expect: Record<Who, Outcome> };

export const BASE = "http://localhost:3000";
/** app.request() serves http://localhost: forms post from that origin (React Router refuses others). */
export const SELF = "http://localhost";
// Set by setUpAccessMatrix() and its beforeAll; the test files read these bindings as they are by then.
let database: ReturnType<typeof useTestDatabase>;
export let app: ReturnType<typeof createApp>;
export const cookies: Partial<Record<Who, string>> = {};
export let otherClientId = "";
/** the demo super admin, to sign in again for a session of a test's own */
export const superAdminLogin = { email: "", password: "" };

export async function signIn(email: string, password: string, ip: string) {
  const res = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const eqSlug = (slug: string) => eq(clients.slug, slug);

/** For a test file: a database of its own, the app over it and the visitors signed in (in beforeAll). */
export function setUpAccessMatrix() {
  database = useTestDatabase();
  beforeAll(async () => {
    ({ app } = await createTestApp(database(), { env: { BASE_URL: BASE } }));
    const { db } = database();
    const demo = await seedDemoAccounts(db);
    // A film and a cinema for the public pages' rows.
    await db
      .insert(countries)
      .values({
        code: "NL",
        name: "Netherlands",
        defaultLocale: "nl",
        timeZone: "Europe/Amsterdam",
        currency: "EUR",
      })
      .onConflictDoNothing();
    await db.insert(cinemas).values({
      name: "Matrix Cinema",
      slug: "matrix-cinema",
      city: "Amsterdam",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
    });
    await db.insert(movies).values({ title: "Matrix Film", slug: "matrix-film" });
    const [other] = await db.insert(clients).values({ name: "Other Client", slug: "other" }).returning();
    otherClientId = other!.uuid;
    const [otherUser] = await db
      .insert(users)
      .values({ name: "Olga Other", email: "olga@other.test", emailVerified: true })
      .returning();
    await db.insert(accounts).values({
      userId: otherUser!.id,
      accountId: otherUser!.id,
      providerId: "credential",
      password: await hashPassword("other-password-1"),
    });
    const [otherProfile] = await db.insert(profiles).values({ userId: otherUser!.id }).returning();
    await db
      .insert(clientMembers)
      .values({ clientId: other!.uuid, profileId: otherProfile!.id, role: "admin" });

    const byRole = (role: string) => demo.find((a) => a.role === role)!;
    Object.assign(superAdminLogin, byRole("super admin"));
    cookies.viewer = await signIn(byRole("viewer").email, byRole("viewer").password, "192.0.2.1");
    cookies.editor = await signIn(byRole("editor").email, byRole("editor").password, "192.0.2.2");
    cookies.admin = await signIn(byRole("admin").email, byRole("admin").password, "192.0.2.3");
    cookies.superAdmin = await signIn(
      byRole("super admin").email,
      byRole("super admin").password,
      "192.0.2.4",
    );
    cookies.impersonating = await signIn(
      byRole("super admin").email,
      byRole("super admin").password,
      "192.0.2.5",
    );
    const [demoClient] = await db.select().from(clients).where(eqSlug("demo"));
    const started = await app.request("/studio/session/impersonation", {
      method: "POST",
      body: new URLSearchParams({ intent: "start", clientId: demoClient!.uuid }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.impersonating,
        origin: SELF,
      },
    });
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/studio/demo");
  });
  return database;
}

export const WHO: Who[] = ["anonymous", "viewer", "editor", "admin", "superAdmin", "impersonating"];

export function documentOutcome(res: Response): Outcome | number {
  const location = res.headers.get("location");
  if (res.status === 302 && location === "/studio/user/login") return "login";
  if (res.status === 302 && location === "/studio") return "studio";
  if (res.status === 302 && location === "/studio/demo") return "demo-home";
  if (res.status === 200) return "page";
  return res.status;
}

/** Single-fetch data requests answer redirects as 202 + a turbo-stream payload naming the target. */
export async function dataOutcome(res: Response): Promise<Outcome | number> {
  if (res.status === 202) {
    const body = await res.text();
    if (body.includes('"redirect","/studio/user/login"')) return "login";
    if (body.includes('"redirect","/studio/demo"')) return "demo-home";
    if (body.includes('"redirect","/studio"')) return "studio";
    return 202;
  }
  if (res.status === 200) return "page";
  return res.status;
}

export function dataPath(path: string) {
  const url = new URL(path, BASE);
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname}.data`;
  return url.pathname + url.search;
}

/**
 * Opening a client's page as a super admin starts impersonating it: every row starts from the same
 * visitors (superAdmin acting for no client, impersonating acting as the demo client).
 */
export async function restoreVisitors() {
  const post = (cookie: string, fields: Record<string, string>) =>
    app.request("/studio/session/impersonation", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: SELF },
    });
  const [demoClient] = await database().db.select().from(clients).where(eqSlug("demo"));
  expect((await post(cookies.superAdmin!, { intent: "stop" })).status).toBe(302);
  expect((await post(cookies.impersonating!, { intent: "start", clientId: demoClient!.uuid })).status).toBe(
    302,
  );
}

/** The outcome of a document or a data request, whichever the path is. */
export async function outcomeOf(path: string, who: Who) {
  const res = await app.request(path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
  const isData = new URL(path, BASE).pathname.endsWith(".data");
  return { outcome: isData ? await dataOutcome(res) : documentOutcome(res), res };
}
