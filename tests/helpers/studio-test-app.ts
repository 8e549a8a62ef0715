// Studio route tests: the in-process app over a fresh database with the demo accounts (a super admin
// and the admin, editor and viewer of the demo client) signed in, and request helpers.
import { afterAll, beforeAll, expect } from "vitest";
import { CLIENT_IP_HEADER } from "../../core/request-meta.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { seedDemoAccounts, type DemoAccount } from "../../db/seed/seed-demo-accounts.ts";
import type { createApp } from "../../server/app.ts";
import { createTestApp } from "./test-app.ts";
import { useTestDatabase } from "./test-db.ts";

export const BASE = "http://localhost:3000";
export type App = ReturnType<typeof createApp>;
export type Who = "superAdmin" | "admin" | "editor" | "viewer";

let ipCounter = 10;
/** A fresh client address per sign-in, so the per-IP sign-in limit never gets in the way. */
const nextIp = () => `198.51.100.${ipCounter++}`;

/** The client address as the server's edge passes it on (and as a proxy would send it). */
const clientIpHeaders = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, "x-forwarded-for": ip });

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: { "content-type": "application/json", origin: BASE, ...clientIpHeaders(nextIp()) },
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The app over `database`, the demo accounts (super admin + admin/editor/viewer of "demo"), signed in. */
export async function startStudio(database: DatabaseHandle, env: Record<string, string> = {}) {
  const started = await createTestApp(database, { env: { BASE_URL: BASE, ...env } });
  const accounts = await seedDemoAccounts(database.db);
  const byRole: Record<Who, DemoAccount> = {
    superAdmin: accounts.find((a) => a.role === "super admin")!,
    admin: accounts.find((a) => a.role === "admin")!,
    editor: accounts.find((a) => a.role === "editor")!,
    viewer: accounts.find((a) => a.role === "viewer")!,
  };
  const cookies = {} as Record<Who, string>;
  for (const who of Object.keys(byRole) as Who[])
    cookies[who] = await signIn(started.app, byRole[who].email, byRole[who].password);
  return { ...started, accounts: byRole, cookies };
}

export type Studio = Awaited<ReturnType<typeof startStudio>>;

/**
 * For a test file: a database of its own and the studio over it, ready in beforeAll (hooks the file
 * registers earlier run first, so `env` may read what they started, e.g. an SMTP capture).
 */
export function setUpStudio(env: () => Record<string, string> = () => ({})) {
  const database = useTestDatabase();
  let studio: Studio | undefined;
  beforeAll(async () => {
    studio = await startStudio(database(), env());
  });
  // Registered after the database's own hook, so it runs first: the meter flushes into an open database.
  afterAll(async () => {
    await studio?.close();
  });
  return {
    database,
    studio: () => {
      if (!studio) throw new Error("setUpStudio(): the studio is only available inside tests and hooks");
      return studio;
    },
  };
}

export function get(app: App, path: string, cookie?: string) {
  return app.request(path, { headers: cookie ? { cookie } : {} });
}

/** A form POST as the browser sends it (same-origin). */
export function postForm(app: App, path: string, fields: Record<string, string>, cookie: string) {
  return app.request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie },
  });
}

/** The single-fetch data URL of a page: /a/b?x → /a/b.data?x */
export function dataPath(path: string) {
  const url = new URL(path, BASE);
  url.pathname = `${url.pathname}.data`;
  return url.pathname + url.search;
}

/**
 * A CSV body as rows of fields, without the BOM. Quoted fields (RFC 4180) are read as one: a header in
 * the interface language may hold a comma ("Price (minor units, such as cents)").
 */
export function csvRows(body: string): string[][] {
  const field = /("(?:[^"]|"")*"|[^",\r\n]*)(,|\r\n|$)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  const text = body.replace(/^\uFEFF/, "");
  while (field.lastIndex < text.length) {
    const [, value = "", end] = field.exec(text)!;
    row.push(value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value);
    if (end !== ",") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
