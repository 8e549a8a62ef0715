// /studio/api-lookup through the real app: the effective client's usable keys (name, prefix, kind) for
// the console, never a key's value or hash, never another client's keys; the states without keys.
// (Every message of the locale travels with the page: texts are matched as rendered, after a ">".)
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../../db/schema/access.ts";
import { clients } from "../../../db/schema/tenancy.ts";
import { insertApiKey } from "../../../core/api-keys/api-key-test-fixtures.ts";
import { createTestClient } from "../../../core/tenancy/tenancy-test-fixtures.ts";
import { dataPath, get, setUpStudio, type App, type Who } from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let demoId = "";
const keys: Record<string, { id: string; key: string; prefix: string }> = {};

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
  const other = await createTestClient(db, { name: "Other Client" });
  keys.server = await insertApiKey(db, demoId, { name: "Server key" });
  keys.widget = await insertApiKey(db, demoId, { name: "Widget key", kind: "publishable" });
  keys.revoked = await insertApiKey(db, demoId, {
    name: "Revoked key",
    revokedAt: new Date(Date.now() - 60_000),
  });
  keys.expired = await insertApiKey(db, demoId, {
    name: "Expired key",
    expiresAt: new Date(Date.now() - 60_000),
  });
  keys.foreign = await insertApiKey(db, other.id, { name: "Foreign key" });
});

describe("/studio/api-lookup", () => {
  it.each(["viewer", "editor", "admin"] as const)(
    "offers a client %s the client's usable keys by name, prefix and kind, and nothing secret",
    async (who) => {
      const res = await get(app, "/studio/api-lookup", cookies[who]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(">API console</h1>");
      expect(html).toContain("Server key");
      expect(html).toContain(keys.server!.prefix);
      expect(html).toContain("Widget key");
      for (const gone of ["Revoked key", "Expired key", "Foreign key"]) expect(html).not.toContain(gone);
      const [row] = await database()
        .db.select({ hash: apiKeys.hash })
        .from(apiKeys)
        .where(eq(apiKeys.id, keys.server!.id));
      for (const key of Object.values(keys)) expect(html).not.toContain(key.key);
      expect(html).not.toContain(row!.hash);
      // The key value field has no name: a form sent without JavaScript carries no key to the studio.
      expect(html).toMatch(/<input[^>]*type="password"/);
      expect(html).not.toMatch(/<input[^>]*type="password"[^>]*name=/);
    },
  );

  it("answers the data request the same way (keys without values)", async () => {
    const res = await get(app, dataPath("/studio/api-lookup"), cookies.viewer);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(keys.widget!.prefix);
    expect(body).not.toContain(keys.widget!.key);
    expect(body).not.toContain("Foreign key");
  });

  it("tells a super admin without a client to act as one, and sends anonymous visitors to sign in", async () => {
    const html = await (await get(app, "/studio/api-lookup", cookies.superAdmin)).text();
    expect(html).toContain(">Act as a client to try the API");
    expect(html).not.toContain("Server key");
    const anonymous = await get(app, "/studio/api-lookup");
    expect([302, 303]).toContain(anonymous.status);
  });

  it("without usable keys, points an admin to creating one and a viewer to an admin", async () => {
    await database().db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.clientId, demoId));
    const admin = await (await get(app, "/studio/api-lookup", cookies.admin)).text();
    expect(admin).toContain(">No active keys yet<");
    expect(admin).toMatch(/<a[^>]*href="\/studio\/api-keys"[^>]*>Create a key<\/a>/);
    const viewer = await (await get(app, "/studio/api-lookup", cookies.viewer)).text();
    expect(viewer).toContain(">Ask an administrator of this client to create a key");
    expect(viewer).not.toMatch(/<a[^>]*href="\/studio\/api-keys"[^>]*>Create a key<\/a>/);
  });
});
