// /studio/api-keys and /studio/domains through the real app (documents, data and form requests),
// signed in as the demo accounts of the client "demo".
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, countryAccess, domains } from "../../../db/schema/access.ts";
import { countries } from "../../../db/schema/catalog.ts";
import { clients } from "../../../db/schema/tenancy.ts";
import { hashApiKey } from "../../../core/key-directory/key-format.ts";
import {
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../tests/helpers/studio-test-app.ts";

const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let demoId = "";
let otherId = "";

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await db.insert(countries).values(
    ["NL", "BE", "DE"].map((code) => ({
      code,
      name: code,
      defaultLocale: "en",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    })),
  );
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
  const [other] = await db
    .insert(clients)
    .values({ name: "Other", slug: "other" })
    .returning({ id: clients.uuid });
  otherId = other!.id;
  await db.insert(countryAccess).values([
    { clientId: demoId, countryCode: "NL", validFrom: "2000-01-01" },
    { clientId: demoId, countryCode: "BE", validFrom: "2000-01-01" },
  ]);
});

/** A form posted as a data request: its answer is turbo-stream encoded, read as text. */
async function postData(path: string, fields: Record<string, string>, who: Who) {
  const res = await postForm(app, dataPath(path), fields, cookies[who]);
  return { status: res.status, text: await res.text() };
}

describe("/studio/api-keys", () => {
  it("shows every member the list; only admins get the controls", async () => {
    for (const who of ["admin", "editor", "viewer"] as const) {
      const res = await get(app, "/studio/api-keys", cookies[who]);
      expect(res.status, who).toBe(200);
      const html = await res.text();
      expect(html).toContain("API keys");
      // The page's markup (the whole message catalogue travels in the page too: match elements).
      const newKeyLink = /href="[^"]*\?new=1"/.test(html);
      const readOnlyNote = html.includes(">You can see this client");
      expect([newKeyLink, readOnlyNote], who).toEqual(who === "admin" ? [true, false] : [false, true]);
    }
  });

  it("tells a super admin without a client to choose one", async () => {
    const html = await (await get(app, "/studio/api-keys", cookies.superAdmin)).text();
    expect(html).toContain(">Choose a client first<");
    expect(html).toContain('href="/studio/config/clients"');
  });

  it("creates a key (shown once in the answer, stored as a hash), rotates it and revokes it", async () => {
    const { db } = database();
    const created = await postData(
      "/studio/api-keys",
      {
        intent: "create",
        kind: "secret",
        name: "Backend",
        expiry: "90",
        rateLimitPerMinute: "120",
        countries: "NL",
      },
      "admin",
    );
    expect(created.status).toBe(200);
    const key = /rt_sk_[0-9A-Za-z]{32}/.exec(created.text)?.[0];
    expect(key).toBeDefined();
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.hash, hashApiKey(key!)));
    expect(row).toMatchObject({
      clientId: demoId,
      name: "Backend",
      rateLimitPerMinute: 120,
      allowedCountries: ["NL"],
    });
    // The list shows the prefix, never the key.
    const list = await (await get(app, "/studio/api-keys", cookies.viewer)).text();
    expect(list).toContain(row!.prefix);
    expect(list).not.toContain(key);

    const rotated = await postData(
      "/studio/api-keys",
      { intent: "rotate", keyId: row!.id, grace: "1h" },
      "admin",
    );
    expect(rotated.status).toBe(200);
    const replacement = /rt_sk_[0-9A-Za-z]{32}/.exec(rotated.text)?.[0];
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(key);
    const [old] = await db.select().from(apiKeys).where(eq(apiKeys.id, row!.id));
    expect(old!.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);

    const revoked = await postForm(
      app,
      "/studio/api-keys",
      { intent: "revoke", keyId: row!.id, confirm: "1" },
      cookies.admin,
    );
    expect(revoked.status).toBe(200);
    const [after] = await db.select().from(apiKeys).where(eq(apiKeys.id, row!.id));
    expect(after!.revokedAt).not.toBeNull();
  });

  it("says beside the field which countries are not granted", async () => {
    const answer = await postData(
      "/studio/api-keys",
      { intent: "create", kind: "secret", name: "x", countries: "DE" },
      "admin",
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("error.apiKeys.countryNotGranted");
  });

  it("refuses editors and viewers (403) and another client's key id (404), changing nothing", async () => {
    const { db } = database();
    for (const who of ["editor", "viewer"] as const) {
      const res = await postForm(
        app,
        "/studio/api-keys",
        { intent: "create", kind: "secret", name: "x" },
        cookies[who],
      );
      expect(res.status, who).toBe(403);
    }
    const [theirs] = await db
      .insert(apiKeys)
      .values({
        clientId: otherId,
        name: "Theirs",
        kind: "secret",
        prefix: "rt_sk_abcdef",
        hash: "f".repeat(64),
      })
      .returning({ id: apiKeys.id });
    for (const intent of ["revoke", "rotate"]) {
      const res = await postForm(
        app,
        "/studio/api-keys",
        { intent, keyId: theirs!.id, confirm: "1" },
        cookies.admin,
      );
      expect(res.status, intent).toBe(404);
    }
    const [still] = await db.select().from(apiKeys).where(eq(apiKeys.id, theirs!.id));
    expect(still).toMatchObject({ revokedAt: null, expiresAt: null });
    const keys = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.clientId, demoId), eq(apiKeys.name, "x")));
    expect(keys).toHaveLength(0);
  });

  it("shows times in the client's country's zone on the 24-hour clock until the profile keeps a zone", async () => {
    const { db } = database();
    await db.insert(apiKeys).values({
      clientId: demoId,
      name: "Zone check",
      kind: "secret",
      prefix: "rt_sk_zonechk",
      hash: "e".repeat(64),
      createdAt: new Date("2026-11-25T13:05:00Z"),
    });
    const html = await (await get(app, "/studio/api-keys?q=Zone+check", cookies.viewer)).text();
    // The viewer's profile keeps no zone: the demo client's countries are Dutch and Belgian.
    expect(html).toContain('<time dateTime="2026-11-25T13:05:00.000Z">Nov 25, 2026, 14:05 GMT+1</time>');
    expect(html).not.toMatch(/<time [^>]*>[^<]*(UTC|AM|PM)<\/time>/);
  });

  it("answers an unknown intent with 400", async () => {
    expect((await postForm(app, "/studio/api-keys", { intent: "explode" }, cookies.admin)).status).toBe(400);
  });
});

describe("/studio/domains", () => {
  it("lets an admin add and remove a domain; editors and viewers see it read-only and cannot change it", async () => {
    const { db } = database();
    const added = await postForm(
      app,
      "/studio/domains",
      { intent: "add", hostname: "https://Shop.Example.nl/x" },
      cookies.admin,
    );
    expect(added.status).toBe(200);
    const [row] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.clientId, demoId), eq(domains.hostname, "shop.example.nl")));
    expect(row).toBeDefined();
    for (const who of ["editor", "viewer"] as const) {
      const page = await (await get(app, "/studio/domains", cookies[who])).text();
      expect(page, who).toContain("shop.example.nl");
      expect(page, who).toContain("Only its admins can add or remove them");
      expect(page, who).not.toContain(">Add domain<");
      expect(page, who).not.toContain("Remove domain");
      const add = await postForm(
        app,
        "/studio/domains",
        { intent: "add", hostname: "x.example.nl" },
        cookies[who],
      );
      expect(add.status, who).toBe(403);
      const remove = await postForm(
        app,
        "/studio/domains",
        { intent: "remove", domainId: row!.id, confirm: "1" },
        cookies[who],
      );
      expect(remove.status, who).toBe(403);
    }
    expect(
      await db
        .select()
        .from(domains)
        .where(and(eq(domains.clientId, demoId), eq(domains.hostname, "x.example.nl"))),
    ).toHaveLength(0);

    const duplicate = await postData(
      "/studio/domains",
      { intent: "add", hostname: "shop.example.nl" },
      "admin",
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("error.domains.duplicate");
    const port = await postData(
      "/studio/domains",
      { intent: "add", hostname: "shop.example.nl:8080" },
      "admin",
    );
    expect(port.status).toBe(400);
    expect(port.text).toContain("error.domains.port");

    const removed = await postForm(
      app,
      "/studio/domains",
      { intent: "remove", domainId: row!.id, confirm: "1" },
      cookies.admin,
    );
    expect(removed.status).toBe(200);
    expect(await db.select().from(domains).where(eq(domains.id, row!.id))).toHaveLength(0);
  });

  it("refuses to remove another client's domain (404)", async () => {
    const { db } = database();
    const [theirs] = await db
      .insert(domains)
      .values({ clientId: otherId, hostname: "theirs.example.com" })
      .returning({ id: domains.id });
    const res = await postForm(
      app,
      "/studio/domains",
      { intent: "remove", domainId: theirs!.id, confirm: "1" },
      cookies.admin,
    );
    expect(res.status).toBe(404);
    expect(await db.select().from(domains).where(eq(domains.id, theirs!.id))).toHaveLength(1);
  });

  it("tells a super admin without a client to choose one", async () => {
    expect(await (await get(app, "/studio/domains", cookies.superAdmin)).text()).toContain(
      "Choose a client first",
    );
  });
});
