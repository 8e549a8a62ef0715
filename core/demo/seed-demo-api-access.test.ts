import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema/access.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../../db/seed/seed-demo-accounts.ts";
import { seedSmallDemo } from "../../tests/helpers/test-app.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { isOriginAllowed } from "../domains/origin-allowed.ts";
import { createApiKeyDirectory } from "../key-directory/api-key-directory.ts";
import { hashApiKey } from "../key-directory/key-format.ts";
import { seedDemoApiAccess } from "./seed-demo-api-access.ts";

const database = useTestDatabase();
const NOW = new Date("2026-04-01T10:00:00Z");
const directory = () => createApiKeyDirectory({ db: database().db, now: () => NOW });
let keys: ReturnType<typeof directory>;

beforeAll(async () => {
  await seedSmallDemo(database(), NOW, 1); // the Netherlands only
  await seedDemoAccounts(database().db);
  keys = directory();
});
afterAll(async () => {
  await keys.close();
});

describe("seedDemoApiAccess", () => {
  it("grants the countries with cinemas, registers the development hosts, and makes two working keys", async () => {
    const access = await seedDemoApiAccess(database().db, { clientSlug: DEMO_CLIENT.slug, now: NOW });
    expect(access).toMatchObject({ countries: ["NL"], domains: ["localhost", "127.0.0.1"] });
    const secret = await keys.authenticate(access!.secretKey);
    expect(secret).toMatchObject({ ok: true, principal: { kind: "secret", countries: ["NL"] } });
    const publishable = await keys.authenticate(access!.publishableKey);
    expect(publishable).toMatchObject({ ok: true, principal: { kind: "publishable", countries: ["NL"] } });
    if (!publishable.ok) return;
    expect(isOriginAllowed(publishable.principal.domains, { origin: "http://localhost:3000" })).toBe(true);
    // Stored as hashes only.
    const rows = await database()
      .db.select()
      .from(apiKeys)
      .where(eq(apiKeys.hash, hashApiKey(access!.secretKey)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(access!.secretKey);
  });

  it("does nothing without the demo client", async () => {
    expect(await seedDemoApiAccess(database().db, { clientSlug: "no-such-client", now: NOW })).toBeNull();
  });
});
