import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema/access.ts";
import { auditLogs } from "../../db/schema/audit.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { createApiKey } from "./create-api-key.ts";
import { API_KEYS_PER_CLIENT_MAX } from "./api-key-schemas.ts";
import { hashApiKey } from "../key-directory/key-format.ts";
import { insertApiKey } from "./api-key-test-fixtures.ts";
import { keyScenario, keyServices, T0 } from "./api-key-test-support.ts";

const database = useTestDatabase();
let s: Scenario;
let k: ReturnType<typeof keyServices>;

beforeAll(async () => {
  s = await keyScenario(database().db);
  k = keyServices(database().db);
});
afterAll(async () => {
  await k.services.apiKeys.close();
});

describe("createApiKey", () => {
  it("returns the key once, stores only its hash and prefix, and audits without the key", async () => {
    const { db } = database();
    const actor = actorFor(s.adminA, s.clientA);
    const expiresAt = new Date(T0.getTime() + 30 * 86_400_000);
    const created = await createApiKey(k.services, actor, {
      clientId: s.clientA.id,
      kind: "secret",
      name: "  Website backend ",
      expiresAt,
      rateLimitPerMinute: 300,
      countries: ["nl"],
    });
    expect(created).toMatchObject({ name: "Website backend", kind: "secret", expiresAt });
    expect(created.key).toMatch(/^rt_sk_[0-9A-Za-z]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row).toMatchObject({
      clientId: s.clientA.id,
      hash: hashApiKey(created.key),
      prefix: created.prefix,
      allowedCountries: ["NL"],
      rateLimitPerMinute: 300,
      expiresAt,
      createdBy: s.adminA.profileId,
    });
    expect(JSON.stringify(row)).not.toContain(created.key);
    const [audit] = await auditRowsFor(db, "api_key.create");
    expect(audit).toMatchObject({
      actorProfileId: s.adminA.profileId,
      effectiveClientId: s.clientA.id,
      entityId: created.id,
      after: { name: "Website backend", prefix: created.prefix, countries: ["NL"] },
    });
    expect(JSON.stringify(audit)).not.toContain(created.key.slice(12));
    expect(JSON.stringify(audit)).not.toContain(hashApiKey(created.key));
    // The new key authenticates.
    const check = await k.services.apiKeys.authenticate(created.key);
    expect(check.ok && check.principal.countries).toEqual(["NL"]);
  });

  it("defaults: a rate limit of 60, no expiry, every granted country", async () => {
    const created = await createApiKey(
      k.services,
      actorFor(s.superAdmin, s.clientA, { impersonating: true }),
      {
        clientId: s.clientA.id,
        kind: "publishable",
        name: "Widget",
      },
    );
    expect(created.key).toMatch(/^rt_pk_/);
    const check = await k.services.apiKeys.authenticate(created.key);
    expect(check).toMatchObject({
      ok: true,
      principal: { rateLimitPerMinute: 60, expiresAt: null, countries: ["BE", "NL"] },
    });
  });

  it("refuses countries the client is not granted, naming them beside the field", async () => {
    const error = await expectAppError(
      createApiKey(k.services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        kind: "secret",
        name: "x",
        countries: ["NL", "DE", "FR"],
      }),
      "invalid_input",
    );
    expect(error.fieldErrors.countries).toBe('error.apiKeys.countryNotGranted|{"countries":"DE, FR"}');
  });

  it("refuses an expiry in the past or beyond two years, a bad name, kind or rate limit", async () => {
    const actor = actorFor(s.adminA, s.clientA);
    const base = { clientId: s.clientA.id, kind: "secret" as const, name: "x" };
    const cases: [Record<string, unknown>, string][] = [
      [{ expiresAt: T0 }, "expiry"],
      [{ expiresAt: new Date(T0.getTime() + 800 * 86_400_000) }, "expiry"],
      [{ name: "" }, "name"],
      [{ name: "x".repeat(81) }, "name"],
      [{ kind: "admin" }, "kind"],
      [{ rateLimitPerMinute: 0 }, "rateLimitPerMinute"],
      [{ rateLimitPerMinute: 10_001 }, "rateLimitPerMinute"],
      [{ rateLimitPerMinute: 1.5 }, "rateLimitPerMinute"],
      [{ countries: ["NLD"] }, "countries.0"],
    ];
    for (const [change, field] of cases) {
      const error = await expectAppError(
        createApiKey(k.services, actor, { ...base, ...change } as never),
        "invalid_input",
      );
      expect(Object.keys(error.fieldErrors), JSON.stringify(change)).toContain(field);
    }
  });

  it("refuses editors, viewers, other clients' admins and users without a client, creating nothing", async () => {
    const { db } = database();
    const keys = await countRows(db, apiKeys);
    const audits = await countRows(db, auditLogs);
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      { ...actorFor(s.adminB, s.clientB), effectiveClientId: s.clientA.id },
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        createApiKey(k.services, actor, { clientId: s.clientA.id, kind: "secret", name: "x" }),
        "forbidden",
      );
    }
    expect(await countRows(db, apiKeys)).toBe(keys);
    expect(await countRows(db, auditLogs)).toBe(audits);
  });

  it("answers not_found for a client that does not exist", async () => {
    await expectAppError(
      createApiKey(k.services, actorFor(s.superAdmin), { clientId: missingId(), kind: "secret", name: "x" }),
      "not_found",
    );
  });

  it("stops at the most keys a client may hold", async () => {
    const { db } = database();
    const held = await countRows(db, apiKeys, eq(apiKeys.clientId, s.clientB.id));
    for (let i = held; i < API_KEYS_PER_CLIENT_MAX; i++) await insertApiKey(db, s.clientB.id);
    const error = await expectAppError(
      createApiKey(k.services, actorFor(s.adminB, s.clientB), {
        clientId: s.clientB.id,
        kind: "secret",
        name: "x",
      }),
      "conflict",
      "apiKeys.tooMany",
    );
    expect(error.values).toEqual({ max: API_KEYS_PER_CLIENT_MAX });
  });
});
