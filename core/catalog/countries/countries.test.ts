// Countries and bundles on /studio/config/countries: list, create and edit a country (time zone, locale,
// currency checked; disabling one that clients read needs a confirmation), create / edit / delete bundles
// (unique name, known countries, refused while clients have access rows), super admin only, audited.
// Dropping cached API key lookups on a change: countries-key-cache.test.ts.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../db/schema/access.ts";
import { bundleCountries, bundles, countries } from "../../../db/schema/catalog.ts";
import { auditLogs } from "../../../db/schema/audit.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { keyServices } from "../../api-keys/api-key-test-support.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { createBundle } from "./create-bundle.ts";
import { createCountry } from "./create-country.ts";
import { deleteBundle } from "./delete-bundle.ts";
import { listBundles } from "./list-bundles.ts";
import { listCountries } from "./list-country-rows.ts";
import { updateBundle } from "./update-bundle.ts";
import { updateCountry } from "./update-country.ts";
import { countryScenario, nl, NOW } from "../../../tests/helpers/country-scenario.ts";

describe("countries and bundles", () => {
  const database = useTestDatabase();
  let s: Scenario;
  const services = () => keyServices(database().db, NOW).services;
  const db = () => database().db;
  const superAdmin = () => actorFor(s.superAdmin);

  beforeAll(async () => {
    s = await countryScenario(database().db);
  });

  const countryRow = async (code: string) =>
    (await db().select().from(countries).where(eq(countries.code, code)))[0];

  describe("countries", () => {
    it("lists with search, enabled filter, sort and paging", async () => {
      const all = await listCountries(services(), superAdmin(), {});
      expect(all.rows.map((r) => r.code)).toEqual(["AL", "BE", "DK", "NL"]);
      const search = await listCountries(services(), superAdmin(), { search: "nether" });
      expect(search.rows.map((r) => r.code)).toEqual(["NL"]);
      const byCode = await listCountries(services(), superAdmin(), { search: "dk" });
      expect(byCode.rows.map((r) => r.code)).toEqual(["DK"]);
      const disabled = await listCountries(services(), superAdmin(), { enabled: "no" });
      expect(disabled.rows.map((r) => r.code)).toEqual(["AL"]);
      const paged = await listCountries(services(), superAdmin(), { sort: "-code", pageSize: 2, page: 2 });
      expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 2 });
      expect(paged.rows.map((r) => r.code)).toEqual(["BE", "AL"]);
    });

    it("edits a country and writes an audit row with before and after", async () => {
      const saved = await updateCountry(services(), superAdmin(), {
        ...nl,
        name: "The Netherlands",
        timeZone: "europe/amsterdam",
        currency: "eur",
      });
      expect(saved).toMatchObject({ name: "The Netherlands", timeZone: "Europe/Amsterdam", currency: "EUR" });
      const [audit] = await auditRowsFor(db(), "catalog.country.update");
      expect(audit).toMatchObject({
        entityType: "country",
        entityId: "NL",
        actorProfileId: s.superAdmin.profileId,
      });
      expect(audit!.before).toMatchObject({ name: "Netherlands" });
      expect(audit!.after).toMatchObject({ name: "The Netherlands" });
      await updateCountry(services(), superAdmin(), nl);
    });

    it.each([
      ["timeZone", { timeZone: "Mars/Base" }, "studio.countries.validation.timeZone"],
      ["timeZone", { timeZone: "+01:00" }, "studio.countries.validation.timeZone"],
      ["defaultLocale", { defaultLocale: "xx" }, "studio.countries.validation.locale"],
      ["currency", { currency: "EUX" }, "studio.countries.validation.currency"],
      ["currency", { currency: "EURO" }, "studio.countries.validation.currency"],
    ])("refuses a bad %s (%o) with a field message, writing nothing", async (field, change, message) => {
      const before = await countryRow("NL");
      const audits = await countRows(db(), auditLogs);
      const error = await expectAppError(
        updateCountry(services(), superAdmin(), { ...nl, ...change }),
        "invalid_input",
        "form.invalid",
      );
      expect(error.fieldErrors[field]).toBe(message);
      expect(await countryRow("NL")).toEqual(before);
      expect(await countRows(db(), auditLogs)).toBe(audits);
    });

    it("refuses everyone but a super admin, writing nothing", async () => {
      const before = await countryRow("NL");
      for (const actor of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)]) {
        await expectAppError(listCountries(services(), actor, {}), "forbidden", "access.superAdminOnly");
        await expectAppError(
          updateCountry(services(), actor, { ...nl, enabled: "false", confirmDisable: "on" }),
          "forbidden",
          "access.superAdminOnly",
        );
        await expectAppError(
          createCountry(services(), actor, { ...nl, code: "SE", timeZone: "Europe/Stockholm" }),
          "forbidden",
        );
      }
      expect(await countryRow("NL")).toEqual(before);
      expect(await countryRow("SE")).toBeUndefined();
    });

    it("creates a country with a real, unused ISO code", async () => {
      const created = await createCountry(services(), superAdmin(), {
        code: "se",
        name: "Sweden",
        enabled: "on" as const,
        defaultLocale: "sv",
        timeZone: "Europe/Stockholm",
        currency: "SEK",
      });
      expect(created).toEqual({
        code: "SE",
        name: "Sweden",
        enabled: true,
        defaultLocale: "sv",
        timeZone: "Europe/Stockholm",
        currency: "SEK",
      });
      const [audit] = await auditRowsFor(db(), "catalog.country.create");
      expect(audit).toMatchObject({ entityId: "SE", before: null, after: created });
      const taken = await expectAppError(
        createCountry(services(), superAdmin(), nl),
        "conflict",
        "countries.codeTaken",
      );
      expect(taken.fieldErrors.code).toContain("studio.countries.validation.codeTaken");
      for (const code of ["XX", "EU", "N1"]) {
        const bad = await expectAppError(
          createCountry(services(), superAdmin(), { ...nl, code }),
          "invalid_input",
          "form.invalid",
        );
        expect(bad.fieldErrors.code).toBe("studio.countries.validation.code");
      }
      await expectAppError(
        updateCountry(services(), superAdmin(), { ...nl, code: "FI" }),
        "not_found",
        "countries.countryNotFound",
      );
    });

    it("disabling a country clients read needs a confirmation stating how many; then it is disabled", async () => {
      const [bundle] = await db()
        .insert(bundles)
        .values({ name: "Benelux grant test", price: 0 })
        .returning({ id: bundles.id });
      await db().insert(bundleCountries).values({ bundleId: bundle!.id, countryCode: "BE" });
      await db()
        .insert(countryAccess)
        .values([
          { clientId: s.clientA.id, countryCode: "BE" },
          { clientId: s.clientA.id, bundleId: bundle!.id },
          { clientId: s.clientB.id, bundleId: bundle!.id },
          // expired: no longer counts
          { clientId: s.clientB.id, countryCode: "BE", validFrom: "2020-01-01", validUntil: "2020-12-31" },
        ]);
      const listed = await listCountries(services(), superAdmin(), { search: "belg" });
      expect(listed.rows[0]).toMatchObject({ code: "BE", clients: 2, bundles: 1 });

      const be = {
        ...nl,
        code: "BE",
        name: "Belgium",
        timeZone: "Europe/Brussels",
        enabled: "false" as const,
      };
      const refused = await expectAppError(
        updateCountry(services(), superAdmin(), be),
        "conflict",
        "countries.disableNeedsConfirmation",
      );
      expect(refused.values).toMatchObject({ count: 2 });
      expect(refused.fieldErrors.confirmDisable).toContain("studio.countries.validation.confirmDisable");
      expect((await countryRow("BE"))!.enabled).toBe(true);

      const done = await updateCountry(services(), superAdmin(), { ...be, confirmDisable: "on" });
      expect(done).toMatchObject({ enabled: false, clientsAffected: 2 });
      const [audit] = await auditRowsFor(db(), "catalog.country.update");
      expect(audit).toMatchObject({
        entityId: "BE",
        before: { enabled: true },
        after: { enabled: false, clientsAffected: 2 },
      });
      await db().delete(countryAccess);
      await db().delete(bundles);
    });
  });

  describe("bundles", () => {
    const benelux = {
      name: "Benelux",
      description: "Low countries",
      price: "49.50",
      currency: "EUR",
      countries: ["NL", "BE"],
    };

    it("creates, lists, edits and deletes a bundle, each audited", async () => {
      const created = await createBundle(services(), superAdmin(), benelux);
      expect(created).toMatchObject({
        name: "Benelux",
        price: 4950,
        currency: "EUR",
        countries: ["BE", "NL"],
      });
      const [createdAudit] = await auditRowsFor(db(), "catalog.bundle.create");
      expect(createdAudit).toMatchObject({
        entityId: created.id,
        after: { countries: ["BE", "NL"], price: 4950 },
      });

      const listed = await listBundles(services(), superAdmin(), { search: "bene" });
      expect(listed.rows).toEqual([{ ...created, clients: 0 }]);

      const edited = await updateBundle(services(), superAdmin(), {
        bundleId: created.id,
        name: "Benelux plus",
        description: "",
        price: "1000",
        currency: "DKK",
        countries: ["NL", "BE", "DK"],
      });
      expect(edited).toMatchObject({
        name: "Benelux plus",
        description: null,
        price: 100_000,
        currency: "DKK",
      });
      expect(edited.countries).toEqual(["BE", "DK", "NL"]);
      const [editedAudit] = await auditRowsFor(db(), "catalog.bundle.update");
      expect(editedAudit!.before).toMatchObject({ name: "Benelux", countries: ["BE", "NL"] });
      expect(editedAudit!.after).toMatchObject({ name: "Benelux plus", countries: ["BE", "DK", "NL"] });

      const sorted = await listBundles(services(), superAdmin(), { sort: "-countries" });
      expect(sorted.rows[0]!.id).toBe(created.id);

      await deleteBundle(services(), superAdmin(), { bundleId: created.id });
      expect(await countRows(db(), bundles, eq(bundles.id, created.id))).toBe(0);
      expect(await countRows(db(), bundleCountries, eq(bundleCountries.bundleId, created.id))).toBe(0);
      expect(await countRows(db(), countries)).toBe(5);
      const [deletedAudit] = await auditRowsFor(db(), "catalog.bundle.delete");
      expect(deletedAudit).toMatchObject({
        entityId: created.id,
        after: null,
        before: { name: "Benelux plus" },
      });
    });

    it("refuses a duplicate name (any case), unknown countries, none, and a bad price; writes nothing", async () => {
      const first = await createBundle(services(), superAdmin(), {
        ...benelux,
        name: "Nordics",
        countries: ["DK"],
      });
      const bundlesBefore = await countRows(db(), bundles);
      const auditsBefore = await countRows(db(), auditLogs);
      const dup = await expectAppError(
        createBundle(services(), superAdmin(), { ...benelux, name: "nordics" }),
        "conflict",
        "countries.bundleNameTaken",
      );
      expect(dup.fieldErrors.name).toContain("studio.countries.validation.bundleNameTaken");
      const other = await createBundle(services(), superAdmin(), { ...benelux, name: "Other" });
      await expectAppError(
        updateBundle(services(), superAdmin(), { ...benelux, bundleId: other.id, name: "NORDICS" }),
        "conflict",
        "countries.bundleNameTaken",
      );
      const unknown = await expectAppError(
        createBundle(services(), superAdmin(), { ...benelux, name: "Far", countries: ["NL", "JP"] }),
        "invalid_input",
      );
      expect(unknown.fieldErrors.countries).toContain("JP");
      const none = await expectAppError(
        createBundle(services(), superAdmin(), { ...benelux, name: "Empty", countries: [] }),
        "invalid_input",
      );
      expect(none.fieldErrors.countries).toBe("studio.countries.validation.countriesRequired");
      const price = await expectAppError(
        createBundle(services(), superAdmin(), { ...benelux, name: "Cheap", price: "-5" }),
        "invalid_input",
      );
      expect(price.fieldErrors.price).toBe("studio.countries.validation.price");
      expect(await countRows(db(), bundles)).toBe(bundlesBefore + 1);
      expect(await countRows(db(), auditLogs)).toBe(auditsBefore + 1);
      await deleteBundle(services(), superAdmin(), { bundleId: first.id });
      await deleteBundle(services(), superAdmin(), { bundleId: other.id });
    });

    it("refuses to delete a bundle clients have access rows for, naming how many", async () => {
      const bundle = await createBundle(services(), superAdmin(), { ...benelux, name: "In use" });
      await db()
        .insert(countryAccess)
        .values([
          { clientId: s.clientA.id, bundleId: bundle.id },
          { clientId: s.clientA.id, bundleId: bundle.id, validFrom: "2020-01-01", validUntil: "2020-06-30" },
          { clientId: s.clientB.id, bundleId: bundle.id },
        ]);
      const listed = await listBundles(services(), superAdmin(), { search: "In use" });
      expect(listed.rows[0]!.clients).toBe(2);
      const auditsBefore = await countRows(db(), auditLogs);
      const error = await expectAppError(
        deleteBundle(services(), superAdmin(), { bundleId: bundle.id }),
        "conflict",
        "countries.bundleInUse",
      );
      expect(error.message).toBe("In use cannot be deleted: 2 clients have access through it.");
      expect(await countRows(db(), bundles, eq(bundles.id, bundle.id))).toBe(1);
      expect(await countRows(db(), countryAccess, eq(countryAccess.bundleId, bundle.id))).toBe(3);
      expect(await countRows(db(), auditLogs)).toBe(auditsBefore);
      await db().delete(countryAccess);
      await deleteBundle(services(), superAdmin(), { bundleId: bundle.id });
    });

    it("refuses everyone but a super admin and a missing bundle, writing nothing", async () => {
      const bundle = await createBundle(services(), superAdmin(), { ...benelux, name: "Guarded" });
      const before = await countRows(db(), bundles);
      for (const actor of [actorFor(s.adminA, s.clientA), actorFor(s.editorA, s.clientA)]) {
        await expectAppError(listBundles(services(), actor, {}), "forbidden", "access.superAdminOnly");
        await expectAppError(createBundle(services(), actor, { ...benelux, name: "Sneaky" }), "forbidden");
        await expectAppError(
          updateBundle(services(), actor, { ...benelux, bundleId: bundle.id, name: "Taken over" }),
          "forbidden",
        );
        await expectAppError(deleteBundle(services(), actor, { bundleId: bundle.id }), "forbidden");
      }
      expect(await countRows(db(), bundles)).toBe(before);
      expect((await db().select().from(bundles).where(eq(bundles.id, bundle.id)))[0]!.name).toBe("Guarded");
      await expectAppError(
        deleteBundle(services(), superAdmin(), { bundleId: missingId() }),
        "not_found",
        "countries.bundleNotFound",
      );
      await expectAppError(
        updateBundle(services(), superAdmin(), { ...benelux, bundleId: missingId() }),
        "not_found",
        "countries.bundleNotFound",
      );
    });
  });
});
