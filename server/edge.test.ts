// The server's edge through the real app: the client address behind (un)trusted proxies, the Origin
// check on every state-changing request, form bodies, the body limit, Cache-Control on private
// responses, /metrics access, and redirect targets that must never leave the site or break the answer.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../db/schema/audit.ts";
import { sessions, users } from "../db/schema/auth.ts";
import { clients } from "../db/schema/tenancy.ts";
import { BASE, dataPath, postForm, setUpStudio, type App } from "../tests/helpers/studio-test-app.ts";
import { createTestApp } from "../tests/helpers/test-app.ts";

const AUTH_SECRET = "edge-test-secret-0123456789-abcdefghij";
const METRICS_TOKEN = "metrics-token-0123456789-abcdefghijklmnop";
const { database, studio } = setUpStudio(() => ({ AUTH_SECRET }));
/** The same studio (same database and secret: the same sessions) without any trusted proxy. */
let untrusted: App;
/** The same studio with a metrics token configured. */
let withToken: App;
let demoClientId = "";

beforeAll(async () => {
  ({ app: untrusted } = await createTestApp(database(), {
    env: { BASE_URL: BASE, AUTH_SECRET, TRUSTED_PROXIES: "" },
  }));
  ({ app: withToken } = await createTestApp(database(), {
    env: { BASE_URL: BASE, AUTH_SECRET, METRICS_TOKEN },
  }));
  const [demo] = await database().db.select().from(clients).where(eq(clients.slug, "demo"));
  demoClientId = demo!.uuid;
});

/** Starts and stops impersonating the demo client from `headers`; the audit row's address and request id. */
async function impersonationAudit(app: App, headers: Record<string, string>) {
  const post = (fields: Record<string, string>) =>
    app.request(`${BASE}/studio/session/impersonation`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: BASE,
        cookie: studio().cookies.superAdmin,
        ...headers,
      },
    });
  const started = await post({ intent: "start", clientId: demoClientId });
  expect(started.status).toBe(302);
  expect((await post({ intent: "stop" })).status).toBe(302);
  const [row] = await database()
    .db.select({ ip: auditLogs.ip, requestId: auditLogs.requestId })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "impersonation.start"), eq(auditLogs.entityId, demoClientId)))
    .orderBy(desc(auditLogs.at))
    .limit(1);
  return { ...row!, responseRequestId: started.headers.get("x-request-id") };
}

describe("client address (finding 3)", () => {
  it("ignores a spoofed X-Forwarded-For, X-Real-IP or x-reeltime-client-ip from an untrusted peer", async () => {
    const audit = await impersonationAudit(untrusted, {
      "x-forwarded-for": "203.0.113.66",
      "x-real-ip": "203.0.113.67",
      "x-reeltime-client-ip": "203.0.113.68",
    });
    // The in-process request has no socket: it is the local host's own address.
    expect(audit.ip).toBe("127.0.0.1");
  });

  it("takes X-Forwarded-For from a trusted proxy", async () => {
    const audit = await impersonationAudit(studio().app, { "x-forwarded-for": "203.0.113.70" });
    expect(audit.ip).toBe("203.0.113.70");
  });

  it("records the request id the server chose, not a malformed one the client sent", async () => {
    const audit = await impersonationAudit(studio().app, { "x-request-id": "bad id; drop table" });
    expect(audit.responseRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(audit.requestId).toBe(audit.responseRequestId);
  });
});

describe("Origin check on every state-changing request (finding 7)", () => {
  const FOREIGN = ["http://evil.localhost:3000", "https://evil.example", "null"];
  const ROUTES: { path: string; fields: Record<string, string>; json?: boolean }[] = [
    { path: "/studio/user/logout", fields: {} },
    { path: "/studio/session/impersonation", fields: { intent: "start", clientId: "" } },
    { path: "/studio/session/active-client", fields: { clientId: "" } },
    { path: "/preferences/colour-mode", fields: { mode: "dark" } },
    { path: "/preferences/locale", fields: { locale: "nl" } },
    { path: "/preferences/consent", fields: { analytics: "granted" } },
    { path: "/studio/user/profile", fields: { intent: "profile", name: "Mallory" } },
    { path: "/api/auth/sign-out", fields: {}, json: true },
    { path: "/api/auth/update-user", fields: { name: "Mallory" }, json: true },
  ];

  function send(
    path: string,
    fields: Record<string, string>,
    json: boolean,
    headers: Record<string, string>,
  ) {
    return studio().app.request(`${BASE}${path}`, {
      method: "POST",
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
      headers: {
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
        cookie: studio().cookies.superAdmin,
        ...headers,
      },
    });
  }

  describe.each(ROUTES)("$path", ({ path, fields, json }) => {
    it.each(FOREIGN)("refuses Origin %s with 403", async (origin) => {
      const res = await send(path, fields, json === true, { origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/cross-origin/);
    });

    it.each(["cross-site", "same-site"])("refuses no Origin with Sec-Fetch-Site %s", async (site) => {
      const res = await send(path, fields, json === true, { "sec-fetch-site": site });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/cross-origin/);
    });
  });

  it("refuses other state-changing methods too", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await studio().app.request(`${BASE}/studio/user/profile`, {
        method,
        headers: { origin: "https://evil.example", cookie: studio().cookies.superAdmin },
      });
      expect(res.status, method).toBe(403);
    }
  });

  it("lets a same-site sibling origin change nothing: impersonation is not started", async () => {
    const { db } = database();
    const [superAdmin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, studio().accounts.superAdmin.email));
    const before = await db.select().from(sessions).where(eq(sessions.userId, superAdmin!.id));
    const res = await send(
      "/studio/session/impersonation",
      { intent: "start", clientId: demoClientId },
      false,
      { origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" },
    );
    expect(res.status).toBe(403);
    const after = await db.select().from(sessions).where(eq(sessions.userId, superAdmin!.id));
    expect(after).toEqual(before);
    expect(after.every((s) => s.impersonatedClientId === null)).toBe(true);
  });

  it("lets our own origins, the request's own origin and non-browser clients through", async () => {
    const own = await send("/preferences/colour-mode", { mode: "dark" }, false, { origin: BASE });
    expect(own.status).toBe(302);
    // A request for http://localhost (no BASE_URL origin) from that same origin.
    const self = await studio().app.request("/preferences/colour-mode", {
      method: "POST",
      body: new URLSearchParams({ mode: "dark" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(self.status).toBe(302);
    const sameOrigin = await send("/preferences/colour-mode", { mode: "dark" }, false, {
      "sec-fetch-site": "same-origin",
    });
    expect(sameOrigin.status).toBe(302);
    const noBrowser = await send("/preferences/colour-mode", { mode: "dark" }, false, {});
    expect(noBrowser.status).toBe(302);
  });
});

describe("request bodies of page actions (finding 9)", () => {
  const post = (path: string, body: BodyInit | undefined, headers: Record<string, string>) =>
    studio().app.request(`${BASE}${path}`, {
      method: "POST",
      body,
      headers: { origin: BASE, cookie: studio().cookies.admin, ...headers },
    });

  it.each(["/studio/user/profile", "/studio/demo", "/studio/session/active-client", "/preferences/locale"])(
    "%s answers 415 to JSON, text and a missing content type",
    async (path) => {
      const json = await post(path, JSON.stringify({ intent: "profile" }), {
        "content-type": "application/json",
      });
      expect(json.status).toBe(415);
      const text = await post(path, "intent=profile", { "content-type": "text/plain" });
      expect(text.status).toBe(415);
      const none = await post(path, undefined, {});
      expect(none.status).toBe(415);
    },
  );

  it("answers 400 to a broken multipart body", async () => {
    const broken = await post("/studio/user/profile", "--nope\r\ngarbage", {
      "content-type": "multipart/form-data; boundary=expected",
    });
    expect(broken.status).toBe(400);
    const noBoundary = await post("/studio/user/profile", "intent=profile", {
      "content-type": "multipart/form-data",
    });
    expect(noBoundary.status).toBe(400);
  });

  it("still accepts a well-formed multipart form", async () => {
    const form = new FormData();
    form.set("mode", "light");
    form.set("redirectTo", "/cookieverklaring");
    const res = await studio().app.request(`${BASE}/preferences/colour-mode`, {
      method: "POST",
      body: form,
      headers: { origin: BASE },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cookieverklaring");
  });

  it("answers 413 to a body over the limit, for pages and /api/auth", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    const page = await post("/preferences/locale", new URLSearchParams({ locale: "nl", filler: big }), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(page.status).toBe(413);
    const auth = await studio().app.request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com", password: big }),
      headers: { "content-type": "application/json", origin: BASE },
    });
    expect(auth.status).toBe(413);
  });
});

describe("Cache-Control on private responses (finding 9)", () => {
  it.each([
    ["/studio", "admin"],
    [dataPath("/studio"), "admin"],
    ["/studio/demo", "admin"],
    [dataPath("/studio/config/clients"), "superAdmin"],
    ["/studio/config/clients", "anonymous"],
    [dataPath("/studio/config/clients"), "anonymous"],
    ["/studio/user/login", "anonymous"],
    ["/studio/%63onfig/clients", "admin"],
    ["/api/auth/get-session", "admin"],
  ] as const)("%s as %s is no-store", async (path, who) => {
    const cookie = who === "anonymous" ? undefined : studio().cookies[who];
    const res = await studio().app.request(path, { headers: cookie ? { cookie } : {} });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("cache-control")).toMatch(/\bno-store\b/);
  });
});

describe("/metrics (finding 9)", () => {
  it("is served to a loopback client", async () => {
    const res = await studio().app.request("/metrics");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("http_requests_total");
  });

  it("is a 404 for any other client address, also when it claims to be loopback", async () => {
    const remote = await studio().app.request("/metrics", { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain("http_requests_total");
    const spoofed = await studio().app.request("/metrics", {
      headers: { "x-forwarded-for": "203.0.113.9", "x-reeltime-client-ip": "127.0.0.1" },
    });
    expect(spoofed.status).toBe(404);
  });

  it("is served to another address with the configured bearer token only", async () => {
    const remote = { "x-forwarded-for": "203.0.113.9" };
    const right = await withToken.request("/metrics", {
      headers: { ...remote, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.status).toBe(200);
    for (const authorization of [`Bearer ${METRICS_TOKEN}x`, "Bearer wrong", METRICS_TOKEN, ""]) {
      const wrong = await withToken.request("/metrics", { headers: { ...remote, authorization } });
      expect(wrong.status, authorization).toBe(404);
    }
    // Without a configured token no bearer value opens it.
    const none = await studio().app.request("/metrics", {
      headers: { ...remote, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(none.status).toBe(404);
  });
});

describe("redirect targets through the app (finding 6)", () => {
  const colourMode = (redirectTo: string) =>
    postForm(studio().app, "/preferences/colour-mode", { mode: "dark", redirectTo }, studio().cookies.viewer);

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "/\u2028/evil.example",
    "/ /evil.example",
  ])("redirects %j to a same-site path, never off-site and never 500", async (target) => {
    const res = await colourMode(target);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("keeps an encoded tab as a path", async () => {
    const res = await colourMode("/%09/evil.example");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/%09/evil.example");
  });

  it("does not copy an over-long value into Location", async () => {
    const long = await colourMode(`/${"a".repeat(100_000)}`);
    expect(long.status).toBe(302);
    expect(long.headers.get("location")).toBe("/");
    const huge = await colourMode(`/${"a".repeat(20 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect(huge.headers.get("location")).toBeNull();
  });

  it("does not remember a huge page address for after sign-in", async () => {
    const res = await studio().app.request(`/studio?q=${"a".repeat(20 * 1024 * 1024)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/user/login");
    expect(res.headers.get("set-cookie") ?? "").not.toContain("aaaa");
  });

  it.each(["/\n/evil.example", "/\t/evil.example", `/${"a".repeat(5000)}`])(
    "sends a user with a redirect cookie of %j to the studio after sign-in",
    async (saved) => {
      const { email, password } = studio().accounts.viewer;
      const res = await studio().app.request(`${BASE}/studio/user/login`, {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-in", email, password }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: BASE,
          cookie: `reeltime-redirect=${encodeURIComponent(saved)}`,
          "x-forwarded-for": "198.51.100.200",
        },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/studio");
    },
  );
});
