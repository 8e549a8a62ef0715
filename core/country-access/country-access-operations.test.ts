// Granting, re-dating and revoking a client's country access (super admin only, audited), what a
// client's members read, and that the effective countries and the API key cache follow each change.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../db/schema/access.ts";
import { bundleCountries, bundles } from "../../db/schema/catalog.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { ensureTestCountries, insertApiKey } from "../api-keys/api-key-test-fixtures.ts";
import { keyServices } from "../api-keys/api-key-test-support.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { grantedCountries } from "../access/country-access.ts";
import { grantCountryAccess } from "./grant-country-access.ts";
import { listCountryGrants } from "./list-country-grants.ts";
import { revokeCountryAccess } from "./revoke-country-access.ts";
import { updateCountryAccess } from "./update-country-access.ts";

const NOW = new Date("2026-04-01T12:00:00Z");
const TODAY = "2026-04-01";

describe("country access operations", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let bundleId = "";
  const db = () => database().db;
  const services = () => keyServices(db(), NOW).services;
  const superAdmin = () => actorFor(s.superAdmin);
  const grantsOf = (clientId: string) => countRows(db(), countryAccess, eq(countryAccess.clientId, clientId));

  beforeAll(async () => {
    await ensureTestCountries(db());
    s = await createScenario(db());
    const [bundle] = await db()
      .insert(bundles)
      .values({ name: "Benelux test" })
      .returning({ id: bundles.id });
    bundleId = bundle!.id;
    await db()
      .insert(bundleCountries)
      .values([
        { bundleId, countryCode: "BE" },
        { bundleId, countryCode: "NL" },
      ]);
  });

  it("grants a country from today when no start is given, audited, and the client has it today", async () => {
    const grant = await grantCountryAccess(services(), superAdmin(), {
      clientId: s.clientA.id,
      target: "country:de",
    });
    expect(grant).toMatchObject({ countryCode: "DE", bundleId: null, validFrom: TODAY, validUntil: null });
    expect(await grantedCountries(db(), s.clientA.id, TODAY)).toEqual(["DE"]);
    const [audit] = await auditRowsFor(db(), "country_access.grant");
    expect(audit).toMatchObject({
      entityType: "country_access",
      entityId: grant.id,
      effectiveClientId: s.clientA.id,
      actorProfileId: s.superAdmin.profileId,
      before: null,
      after: expect.objectContaining({ countryCode: "DE", validFrom: TODAY }),
    });
  });

  it("grants a bundle with a window; members read the grants with their standing, filtered and sorted", async () => {
    await grantCountryAccess(services(), superAdmin(), {
      clientId: s.clientA.id,
      target: `bundle:${bundleId}`,
      validFrom: "2026-05-01",
      validUntil: "2026-05-31",
    });
    const viewer = actorFor(s.viewerA, s.clientA);
    const all = await listCountryGrants(services(), viewer, { clientId: s.clientA.id, sort: "validFrom" });
    expect(all.rows.map((r) => [r.kind, r.targetName, r.countries, r.status])).toEqual([
      ["country", "DE", ["DE"], "active"],
      ["bundle", "Benelux test", ["BE", "NL"], "upcoming"],
    ]);
    const upcoming = await listCountryGrants(services(), viewer, {
      clientId: s.clientA.id,
      status: "upcoming",
    });
    expect(upcoming.rows.map((r) => r.targetName)).toEqual(["Benelux test"]);
    // An upcoming bundle gives nothing yet.
    expect(await grantedCountries(db(), s.clientA.id, TODAY)).toEqual(["DE"]);
    expect(await grantedCountries(db(), s.clientA.id, "2026-05-15")).toEqual(["BE", "DE", "NL"]);
    await expectAppError(
      listCountryGrants(services(), actorFor(s.adminB, s.clientB), { clientId: s.clientA.id }),
      "forbidden",
    );
  });

  it("refuses an overlapping grant of the same target, an unknown target and a bad range, writing nothing", async () => {
    const before = await grantsOf(s.clientA.id);
    const overlap = await expectAppError(
      grantCountryAccess(services(), superAdmin(), {
        clientId: s.clientA.id,
        target: `bundle:${bundleId}`,
        validFrom: "2026-05-31",
      }),
      "conflict",
      "countryAccess.overlap",
    );
    expect(overlap.message).toContain("2026-05-01");
    await expectAppError(
      grantCountryAccess(services(), superAdmin(), {
        clientId: s.clientA.id,
        target: "country:DE",
        validFrom: "2030-01-01",
      }),
      "conflict",
      "countryAccess.overlapOpen",
    );
    const unknownCountry = await expectAppError(
      grantCountryAccess(services(), superAdmin(), { clientId: s.clientA.id, target: "country:XX" }),
      "invalid_input",
      "countryAccess.unknownCountry",
    );
    expect(unknownCountry.fieldErrors.target).toBe("error.countryAccess.unknownCountry");
    await expectAppError(
      grantCountryAccess(services(), superAdmin(), {
        clientId: s.clientA.id,
        target: `bundle:${missingId()}`,
      }),
      "invalid_input",
      "countryAccess.unknownBundle",
    );
    const range = await expectAppError(
      grantCountryAccess(services(), superAdmin(), {
        clientId: s.clientA.id,
        target: "country:FR",
        validFrom: "2026-06-10",
        validUntil: "2026-06-09",
      }),
      "invalid_input",
    );
    expect(range.fieldErrors.validUntil).toBe("studio.countryAccess.validation.untilBeforeFrom");
    await expectAppError(
      grantCountryAccess(services(), superAdmin(), { clientId: missingId(), target: "country:FR" }),
      "not_found",
    );
    // The same target for another client, or after the window ends, is fine.
    await grantCountryAccess(services(), superAdmin(), {
      clientId: s.clientB.id,
      target: `bundle:${bundleId}`,
    });
    expect(await grantsOf(s.clientA.id)).toBe(before);
  });

  it("refuses client admins every change, writing nothing", async () => {
    const admin = actorFor(s.adminA, s.clientA);
    const [grant] = await db().select().from(countryAccess).where(eq(countryAccess.clientId, s.clientA.id));
    const before = await grantsOf(s.clientA.id);
    await expectAppError(
      grantCountryAccess(services(), admin, { clientId: s.clientA.id, target: "country:FR" }),
      "forbidden",
    );
    await expectAppError(
      updateCountryAccess(services(), admin, { grantId: grant!.id, validFrom: "2020-01-01" }),
      "forbidden",
    );
    await expectAppError(revokeCountryAccess(services(), admin, { grantId: grant!.id }), "forbidden");
    expect(await grantsOf(s.clientA.id)).toBe(before);
    const [after] = await db().select().from(countryAccess).where(eq(countryAccess.id, grant!.id));
    expect(after).toEqual(grant);
  });

  it("changes a grant's dates with before/after in the audit row; an overlap with another grant is refused", async () => {
    const { rows } = await listCountryGrants(services(), superAdmin(), { clientId: s.clientA.id });
    const de = rows.find((r) => r.targetId === "DE")!;
    const updated = await updateCountryAccess(services(), superAdmin(), {
      grantId: de.id,
      validFrom: "2026-03-01",
      validUntil: "2026-03-31",
    });
    expect(updated).toMatchObject({ validFrom: "2026-03-01", validUntil: "2026-03-31" });
    expect(await grantedCountries(db(), s.clientA.id, TODAY)).toEqual([]);
    const [audit] = await auditRowsFor(db(), "country_access.update");
    expect(audit).toMatchObject({
      entityId: de.id,
      effectiveClientId: s.clientA.id,
      before: expect.objectContaining({ validFrom: TODAY, validUntil: null }),
      after: expect.objectContaining({ validFrom: "2026-03-01", validUntil: "2026-03-31" }),
    });
    // A second DE grant for April, then stretching March's into it is refused.
    await grantCountryAccess(services(), superAdmin(), {
      clientId: s.clientA.id,
      target: "country:DE",
      validFrom: "2026-04-01",
      validUntil: "2026-04-30",
    });
    await expectAppError(
      updateCountryAccess(services(), superAdmin(), { grantId: de.id, validFrom: "2026-03-01" }),
      "conflict",
      "countryAccess.overlap",
    );
    const [unchanged] = await db().select().from(countryAccess).where(eq(countryAccess.id, de.id));
    expect(unchanged).toMatchObject({ validFrom: "2026-03-01", validUntil: "2026-03-31" });
    await expectAppError(
      updateCountryAccess(services(), superAdmin(), { grantId: missingId(), validFrom: TODAY }),
      "not_found",
      "countryAccess.notFound",
    );
  });

  it("revokes a grant: the country is gone today, the audit row keeps what it was", async () => {
    expect(await grantedCountries(db(), s.clientA.id, TODAY)).toEqual(["DE"]);
    const { rows } = await listCountryGrants(services(), superAdmin(), {
      clientId: s.clientA.id,
      status: "active",
    });
    const revoked = await revokeCountryAccess(services(), superAdmin(), { grantId: rows[0]!.id });
    expect(await grantedCountries(db(), s.clientA.id, TODAY)).toEqual([]);
    const [audit] = await auditRowsFor(db(), "country_access.revoke");
    expect(audit).toMatchObject({
      entityId: revoked.id,
      effectiveClientId: s.clientA.id,
      before: expect.objectContaining({ countryCode: "DE", validFrom: "2026-04-01" }),
      after: null,
    });
    await expectAppError(revokeCountryAccess(services(), superAdmin(), { grantId: revoked.id }), "not_found");
  });

  it("a cached API key sees a grant and a revoke at once", async () => {
    const { services: keyed } = keyServices(db(), NOW);
    const key = await insertApiKey(db(), s.clientB.id);
    const first = await keyed.apiKeys.authenticate(key.key);
    expect(first.ok && first.principal.countries).toEqual(["BE", "NL"]);
    const grant = await grantCountryAccess(keyed, superAdmin(), {
      clientId: s.clientB.id,
      target: "country:FR",
    });
    const second = await keyed.apiKeys.authenticate(key.key);
    expect(second.ok && second.principal.countries).toEqual(["BE", "FR", "NL"]);
    await revokeCountryAccess(keyed, superAdmin(), { grantId: grant.id });
    const third = await keyed.apiKeys.authenticate(key.key);
    expect(third.ok && third.principal.countries).toEqual(["BE", "NL"]);
  });
});
