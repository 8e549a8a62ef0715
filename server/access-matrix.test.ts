// The access matrix: every route that exists × every kind of visitor, for document requests
// and for data requests, against the real app. Later issues add their routes to ROUTES.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { assets } from "../db/schema/assets.ts";
import { auditLogs } from "../db/schema/audit.ts";
import { cinemas, countries, movies } from "../db/schema/catalog.ts";
import { clientMovieSettings } from "../db/schema/client-movies.ts";
import { accounts, users } from "../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../db/schema/tenancy.ts";
import { exports } from "../db/schema/tools.ts";
import { seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

type Who = "anonymous" | "viewer" | "editor" | "admin" | "superAdmin" | "impersonating";
/** page = 200; login = redirect to the sign-in page; studio = redirect to /studio; or a status */
type Outcome = "page" | "login" | "studio" | "demo-home" | 400 | 403 | 404;

const BASE = "http://localhost:3000";
/** app.request() serves http://localhost: forms post from that origin (React Router refuses others). */
const SELF = "http://localhost";
const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
const cookies: Partial<Record<Who, string>> = {};
let otherClientId = "";
/** the demo super admin, to sign in again for a session of a test's own */
const superAdminLogin = { email: "", password: "" };

const ROUTES: { path: string; expect: Record<Who, Outcome> }[] = [
  {
    path: "/",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/cookieverklaring",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/terms",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/privacy",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  // "Find a film" (issue 11): a film's and a cinema's pages are public; unknown ones are 404 for everyone.
  {
    path: "/films/matrix-film",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/films/matrix-film?city=Amsterdam&date=tonight",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/films/no-such-film",
    expect: { anonymous: 404, viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/cinemas/matrix-cinema",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/cinemas/no-such-cinema",
    expect: { anonymous: 404, viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/studio/user/login",
    expect: {
      anonymous: "page",
      viewer: "studio",
      editor: "studio",
      admin: "studio",
      superAdmin: "studio",
      impersonating: "studio",
    },
  },
  {
    path: "/studio/user/register",
    expect: {
      anonymous: "page",
      viewer: "studio",
      editor: "studio",
      admin: "studio",
      superAdmin: "studio",
      impersonating: "studio",
    },
  },
  {
    path: "/studio/user/confirm",
    expect: { anonymous: 400, viewer: 400, editor: 400, admin: 400, superAdmin: 400, impersonating: 400 },
  },
  {
    path: "/studio",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/user/profile",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/api-keys",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/assets",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/country-access",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/domains",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/stats",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/stats?days=90&operation=listShowtimes",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/api-lookup",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/documentation",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/demo",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    // a super admin opening a client's page acts as that client (impersonation starts, or switches)
    path: "/studio/other",
    expect: {
      anonymous: "login",
      viewer: 404,
      editor: 404,
      admin: 404,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/movies",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/demo/movies",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    // a super admin opening a client's page acts as that client (impersonation starts, or switches)
    path: "/studio/other/movies",
    expect: {
      anonymous: "login",
      viewer: 404,
      editor: 404,
      admin: 404,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/no-such-client",
    expect: { anonymous: "login", viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/studio/config/clients",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/user-profiles?page=2",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-usage",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-offers",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/countries",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/countries?tab=bundles",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-balances",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-purchases",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/attributes",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinema-chains",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinemas",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/movies",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/showtimes",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/missing-links",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinemas/options?q=a",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/logs",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cached-data",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/tools",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    // an export that does not exist: only a super admin gets as far as the lookup
    path: "/studio/data/tools/exports/00000000-0000-4000-8000-000000000000",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: 404,
      impersonating: 404,
    },
  },
];

async function signIn(email: string, password: string, ip: string) {
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
  cookies.superAdmin = await signIn(byRole("super admin").email, byRole("super admin").password, "192.0.2.4");
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

const eqSlug = (slug: string) => eq(clients.slug, slug);

const WHO: Who[] = ["anonymous", "viewer", "editor", "admin", "superAdmin", "impersonating"];

function documentOutcome(res: Response): Outcome | number {
  const location = res.headers.get("location");
  if (res.status === 302 && location === "/studio/user/login") return "login";
  if (res.status === 302 && location === "/studio") return "studio";
  if (res.status === 302 && location === "/studio/demo") return "demo-home";
  if (res.status === 200) return "page";
  return res.status;
}

/** Single-fetch data requests answer redirects as 202 + a turbo-stream payload naming the target. */
async function dataOutcome(res: Response): Promise<Outcome | number> {
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

function dataPath(path: string) {
  const url = new URL(path, BASE);
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname}.data`;
  return url.pathname + url.search;
}

/**
 * Opening a client's page as a super admin starts impersonating it: every row starts from the same
 * visitors (superAdmin acting for no client, impersonating acting as the demo client).
 */
async function restoreVisitors() {
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

describe.each(ROUTES)("$path", (route) => {
  afterAll(restoreVisitors);
  it.each(WHO)("document request as %s", async (who) => {
    const res = await app.request(route.path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
    expect(documentOutcome(res)).toBe(route.expect[who]);
  });
  it.each(WHO)("data request as %s", async (who) => {
    const res = await app.request(dataPath(route.path), {
      headers: cookies[who] ? { cookie: cookies[who] } : {},
    });
    expect(await dataOutcome(res)).toBe(route.expect[who]);
  });
});

/** Public files (resource routes: no data request of their own): everyone gets them. */
const PUBLIC_FILES = [
  { path: "/robots.txt", contentType: "text/plain" },
  { path: "/sitemap.xml", contentType: "application/xml" },
  { path: "/NOTICE.txt", contentType: "text/plain" },
];

describe.each(PUBLIC_FILES)("$path", (file) => {
  it.each(WHO)("is served to %s", async (who) => {
    const res = await app.request(file.path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toContain(file.contentType);
  });
});

describe("requests that name another client's ids", () => {
  it("refuses to switch to a client the user is not a member of", async () => {
    const res = await app.request("/studio/session/active-client", {
      method: "POST",
      body: new URLSearchParams({ clientId: otherClientId }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(404);
  });

  it("refuses impersonation to anyone but a super admin, even a crafted request", async () => {
    const res = await app.request("/studio/session/impersonation", {
      method: "POST",
      body: new URLSearchParams({ intent: "start", clientId: otherClientId }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(403);
  });

  it("does not let a client admin manage another client's members through its own page", async () => {
    const res = await app.request("/studio/other", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite", email: "intruder@example.com", role: "admin" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(res.status).toBe(404);
  });
});

describe("client movie settings: only editors and admins of that client change them", () => {
  const post = (path: string, who: Who, fields: Record<string, string>) =>
    app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[who]!, origin: SELF },
    });
  const fields = { intent: "setting", movieId: "", change: "feature" };
  beforeAll(async () => {
    const [movie] = await database()
      .db.insert(movies)
      .values({ title: "Access Matrix Movie", slug: "access-matrix-movie" })
      .returning({ id: movies.id });
    fields.movieId = movie!.id;
  });
  const settingsCount = async () =>
    (await database().db.select({ n: count() }).from(clientMovieSettings))[0]!.n;

  it("answers a viewer's crafted POST with 403 and writes nothing", async () => {
    expect((await post("/studio/demo/movies", "viewer", fields)).status).toBe(403);
    expect(await settingsCount()).toBe(0);
  });

  it("lets an editor of the client feature a movie", async () => {
    expect((await post("/studio/demo/movies", "editor", fields)).status).toBe(200);
    expect(await settingsCount()).toBe(1);
  });

  it("refuses a member of another client, as the client-access guard does for its home", async () => {
    expect((await post("/studio/other/movies", "admin", fields)).status).toBe(404);
  });
});

describe("impersonation is audited", () => {
  it("writes impersonation.start and impersonation.stop with the actor and the client", async () => {
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.superAdmin!,
        origin: SELF,
      },
    });
    expect(
      (await app.request("/studio/session/impersonation", form({ intent: "start", clientId: otherClientId })))
        .status,
    ).toBe(302);
    const page = await app.request("/studio/other", { headers: { cookie: cookies.superAdmin! } });
    expect(await page.text()).toContain("You are acting as Other Client.");
    expect((await app.request("/studio/session/impersonation", form({ intent: "stop" }))).status).toBe(302);

    const rows = await database()
      .db.select({
        action: auditLogs.action,
        client: auditLogs.effectiveClientId,
        actor: auditLogs.actorProfileId,
      })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, otherClientId));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain("impersonation.start");
    expect(actions).toContain("impersonation.stop");
    expect(rows.every((r) => r.actor !== null)).toBe(true);
  });
});

describe("a super admin acts for a client only by impersonating it", () => {
  const superAdminSession = () => signIn(superAdminLogin.email, superAdminLogin.password, "192.0.2.6");
  const impersonationStarts = async () =>
    (
      await database()
        .db.select({ n: count() })
        .from(auditLogs)
        .where(eq(auditLogs.action, "impersonation.start"))
    )[0]!.n;

  it("opening a client's page starts impersonation (audited, the banner shown); its pages keep it", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    const page = await app.request("/studio/other", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You are acting as Other Client.");
    expect(await impersonationStarts()).toBe(before + 1);
    // Already acting as it: no second start; a page without the client in its address keeps it.
    expect((await app.request("/studio/other/movies", { headers: { cookie } })).status).toBe(200);
    expect(await impersonationStarts()).toBe(before + 1);
    expect(await (await app.request("/studio/api-keys", { headers: { cookie } })).text()).toContain(
      "You are acting as Other Client.",
    );
  });

  it("a link from another site to a client's page does not start it", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    for (const site of ["cross-site", "same-site"]) {
      const res = await app.request("/studio/other", { headers: { cookie, "sec-fetch-site": site } });
      expect(res.status, site).toBe(404);
    }
    expect(await impersonationStarts()).toBe(before);
    const own = await app.request("/studio/other", { headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(200);
    expect(await impersonationStarts()).toBe(before + 1);
  });

  it("a form posted to a client's page does not start it: refused as for any other client", async () => {
    const cookie = await superAdminSession();
    const before = await impersonationStarts();
    const res = await app.request("/studio/other", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite", email: "someone@example.com", role: "admin" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: SELF },
    });
    expect(res.status).toBe(404);
    expect(await impersonationStarts()).toBe(before);
  });

  it("the switcher starts impersonation for a super admin and No client ends it", async () => {
    const cookie = await superAdminSession();
    const post = (fields: Record<string, string>) =>
      app.request("/studio/session/active-client", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: SELF },
      });
    const picked = await post({ clientId: otherClientId, redirectTo: "/studio/demo/movies" });
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe("/studio/other/movies");
    expect(await (await app.request("/studio", { headers: { cookie } })).text()).toContain(
      "You are acting as Other Client.",
    );
    const none = await post({ clientId: "", redirectTo: "/studio/other/movies" });
    expect(none.headers.get("location")).toBe("/studio");
    const home = await (await app.request("/studio", { headers: { cookie } })).text();
    expect(home).not.toContain('data-testid="impersonation-banner"');
  });
});

/**
 * The same admin-only pages under other spellings that reach the same route in React Router (percent
 * encoding, letter case, trailing slashes, .data) or that must fail closed (repeated slashes, an encoded
 * "/"): the guard judges what React Router runs, so none of them opens the page to someone it refuses.
 */
const ADMIN_ONLY_VARIANTS = [
  "/studio/%63onfig/clients",
  "/studio/%63onfig/clients.data",
  "/studio/%63%6Fnfig/%63lients.data",
  "/%73tudio/config/clients",
  "/studio/config/%63lients/.data",
  "/studio/config%2Fclients",
  "/studio/config%2fclients.data",
  "/studio//config/clients",
  "/studio//config//clients.data",
  "//studio/config/clients",
  "/studio/config/clients/",
  "/studio/config/clients//",
  "/studio/config/clients/.data",
  "/studio/config/clients/_.data",
  "/STUDIO/config/clients",
  "/Studio/Config/Clients",
  "/STUDIO/CONFIG/CLIENTS.data",
  "/studio/CONFIG/user-profiles.data?page=2",
  "/studio/config/user-profiles/",
  "/studio/config/user-%70rofiles.data",
];

/** The outcome of a document or a data request, whichever the path is. */
async function outcomeOf(path: string, who: Who) {
  const res = await app.request(path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
  const isData = new URL(path, BASE).pathname.endsWith(".data");
  return { outcome: isData ? await dataOutcome(res) : documentOutcome(res), res };
}

describe.each(ADMIN_ONLY_VARIANTS)("admin-only page spelt %s", (path) => {
  it("sends an anonymous visitor to sign in (or answers 404), never the page", async () => {
    expect(["login", 404]).toContain((await outcomeOf(path, "anonymous")).outcome);
  });

  it("refuses a client admin (403 or 404), never the page", async () => {
    expect([403, 404]).toContain((await outcomeOf(path, "admin")).outcome);
  });

  it("gives a super admin the page or a 404, never an error", async () => {
    expect(["page", 404]).toContain((await outcomeOf(path, "superAdmin")).outcome);
  });
});

describe("admin-only page variants that React Router renders as the page itself", () => {
  it.each([
    "/studio/%63onfig/clients",
    "/studio/%63onfig/clients.data",
    "/STUDIO/config/clients",
    "/Studio/Config/Clients",
    "/studio/config/clients/",
    "/studio/config/clients/.data",
  ])("%s is the clients page for a super admin and 403 for a client admin", async (path) => {
    expect((await outcomeOf(path, "superAdmin")).outcome).toBe("page");
    expect((await outcomeOf(path, "admin")).outcome).toBe(403);
    expect((await outcomeOf(path, "viewer")).outcome).toBe(403);
    expect((await outcomeOf(path, "anonymous")).outcome).toBe("login");
  });
});

describe("catalogue lists: every signed-in user reads, only super admins write", () => {
  const post = (path: string, who: Who, fields: Record<string, string>) =>
    app.request(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[who]!, origin: SELF },
    });

  it.each(["viewer", "editor", "admin"] as const)(
    "refuses a client %s's crafted POST with 403",
    async (who) => {
      expect(
        (
          await post("/studio/data/attributes", who, {
            intent: "create",
            code: "x",
            category: "format",
            nameEn: "X",
          })
        ).status,
      ).toBe(403);
      expect(
        (await post("/studio/data/cinema-chains", who, { intent: "create", name: "X", slug: "x-chain" }))
          .status,
      ).toBe(403);
      expect(
        (await post("/studio/data/cinemas", who, { intent: "create", name: "X", slug: "x-cinema" })).status,
      ).toBe(403);
      for (const intent of ["create", "update", "status", "addAlias", "removeAlias", "merge"])
        expect((await post("/studio/data/movies", who, { intent, title: "X", slug: "x-movie" })).status).toBe(
          403,
        );
      for (const intent of ["add", "cancel", "reattribute"])
        expect((await post("/studio/data/showtimes", who, { intent, ids: otherClientId })).status).toBe(403);
      // Feeds live on the cinema and chain pages: every feed intent is refused there too.
      for (const page of ["/studio/data/cinemas", "/studio/data/cinema-chains"])
        for (const intent of ["feed-create", "feed-update", "feed-delete", "feed-run"])
          expect(
            (
              await post(page, who, {
                intent,
                id: otherClientId,
                name: "X",
                format: "reeltime-json",
                url: "https://feeds.example.com/x.json",
              })
            ).status,
          ).toBe(403);
      for (const intent of ["link", "create", "linkTop", "ignore", "unignore"])
        expect((await post("/studio/missing-links", who, { intent, ids: otherClientId })).status).toBe(403);
      for (const intent of ["maintenance", "purge", "rematch", "reindex", "export", "runFeed", "cancel"])
        expect(
          (
            await post("/studio/data/tools", who, {
              intent,
              operation: "analyze",
              olderThanDays: "1",
              confirmWord: intent === "purge" ? "PURGE" : "REINDEX",
              table: "movies",
              format: "csv",
              sourceId: otherClientId,
              id: otherClientId,
            })
          ).status,
        ).toBe(403);
      for (const intent of ["purgeKey", "countPrefix", "purgePrefix", "purgeAll"])
        expect(
          (
            await post("/studio/data/cached-data", who, {
              intent,
              namespace: "api-response",
              key: "k",
              prefix: "k",
              confirmation: "purge",
            })
          ).status,
        ).toBe(403);
      expect(
        (
          await post("/studio/data/country-access", who, {
            intent: "grant",
            clientId: otherClientId,
            target: "country:NL",
          })
        ).status,
      ).toBe(403);
    },
  );

  it("serves an export's file to super admins only, as an attachment", async () => {
    const [saved] = await database()
      .db.insert(exports)
      .values({
        jobId: randomUUID(),
        format: "csv",
        tableName: "countries",
        fileName: "reeltime-countries.csv",
        content: gzipSync("code,name\r\nNL,Netherlands\r\n"),
        bytes: 29,
        rows: 1,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: exports.id });
    const download = (who: Who) =>
      app.request(`/studio/data/tools/exports/${saved!.id}`, {
        headers: cookies[who] ? { cookie: cookies[who] } : {},
      });
    expect(documentOutcome(await download("anonymous"))).toBe("login");
    for (const who of ["viewer", "editor", "admin"] as const) {
      const refused = await download(who);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Netherlands");
    }
    const answer = await download("superAdmin");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="reeltime-countries.csv"');
    expect(await answer.text()).toBe("code,name\r\nNL,Netherlands\r\n");
  });

  it("answers the movie picker's options to super admins only", async () => {
    const options = (who: Who) =>
      app.request("/studio/data/movies/options?q=a", {
        headers: cookies[who] ? { cookie: cookies[who] } : {},
      });
    expect(documentOutcome(await options("anonymous"))).toBe("login");
    for (const who of ["viewer", "editor", "admin"] as const) expect((await options(who)).status).toBe(403);
    const answer = await options("superAdmin");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ options: expect.any(Array) });
  });

  it("lets a super admin post (an invalid form is a 400 with field errors, not a 403)", async () => {
    expect(
      (await post("/studio/data/attributes", "superAdmin", { intent: "create", code: "Bad Code" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cinema-chains", "superAdmin", { intent: "create", name: "" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cinemas", "superAdmin", { intent: "create", name: "", latitude: "123" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/movies", "superAdmin", { intent: "create", title: "", imdbId: "tt12" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/showtimes", "superAdmin", { intent: "add", time: "25:00" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/missing-links", "superAdmin", { intent: "link", missingLinkId: "nope" })).status,
    ).toBe(400);
    expect(
      (
        await post("/studio/data/cinemas", "superAdmin", {
          intent: "feed-create",
          name: "",
          format: "reeltime-json",
          url: "ftp://x",
        })
      ).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/country-access", "superAdmin", { intent: "grant", target: "nowhere" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cached-data", "superAdmin", { intent: "purgePrefix", prefix: "" })).status,
    ).toBe(400);
    expect(
      (
        await post("/studio/data/tools", "superAdmin", {
          intent: "purge",
          olderThanDays: "30",
          confirmWord: "yes",
        })
      ).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/tools", "superAdmin", { intent: "reindex", confirmWord: "" })).status,
    ).toBe(400);
    expect(
      (await post("/studio/data/tools", "superAdmin", { intent: "export", table: "users", format: "csv" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/studio/data/cached-data", "superAdmin", { intent: "purgeAll", confirmation: "yes" }))
        .status,
    ).toBe(400);
  });
});

describe("media library: a client's assets are its own; viewers read only", () => {
  const upload = async (cookie: string, name: string) => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("kind", "poster");
    form.set("file", new File([bytes], name, { type: "image/png" }));
    return app.request("/studio/assets", { method: "POST", body: form, headers: { cookie, origin: SELF } });
  };

  it("never shows client B's asset to client A, nor lets A delete it", async () => {
    const olga = await signIn("olga@other.test", "other-password-1", "192.0.2.9");
    expect((await upload(olga, "other-secret-poster.png")).status).toBe(200);
    const [asset] = await database()
      .db.select({ id: assets.id })
      .from(assets)
      .where(eq(assets.fileName, "other-secret-poster.png"));
    for (const who of ["viewer", "admin", "superAdmin", "impersonating"] as const) {
      const list = await app.request(dataPath(`/studio/assets?asset=${asset!.id}`), {
        headers: { cookie: cookies[who]! },
      });
      expect(await list.text(), who).not.toContain("other-secret-poster.png");
      const choices = await app.request("/studio/assets/choices?q=secret", {
        headers: { cookie: cookies[who]! },
      });
      expect(await choices.json(), who).toEqual({ options: [] });
    }
    const refused = await app.request("/studio/assets", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", assetId: asset!.id, confirm: "1" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin!, origin: SELF },
    });
    expect(refused.status).toBe(404);
  });

  it("refuses a viewer's upload and delete intents with 403", async () => {
    expect((await upload(cookies.viewer!, "viewer.png")).status).toBe(403);
    const res = await app.request("/studio/assets", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", assetId: otherClientId, confirm: "1" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.viewer!, origin: SELF },
    });
    expect(res.status).toBe(403);
  });
});
