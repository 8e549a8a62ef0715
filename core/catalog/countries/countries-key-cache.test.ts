// A change to a country's enabled flag or a bundle's countries drops the cached API key lookups at once.
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../db/schema/access.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { insertApiKey } from "../../api-keys/api-key-test-fixtures.ts";
import { keyServices } from "../../api-keys/api-key-test-support.ts";
import { actorFor, type Scenario } from "../../tenancy/tenancy-test-fixtures.ts";
import { createBundle } from "./create-bundle.ts";
import { deleteBundle } from "./delete-bundle.ts";
import { updateBundle } from "./update-bundle.ts";
import { updateCountry } from "./update-country.ts";
import { countryScenario, nl, NOW } from "../../../tests/helpers/country-scenario.ts";

describe("countries and bundles", () => {
  const database = useTestDatabase();
  let s: Scenario;
  const db = () => database().db;
  const superAdmin = () => actorFor(s.superAdmin);

  beforeAll(async () => {
    s = await countryScenario(database().db);
  });

  const benelux = () => ({
    name: "Benelux",
    description: "Low countries",
    price: "49.50",
    currency: "EUR",
    countries: ["NL", "BE"],
  });

  it("drops cached API key lookups when a country is enabled or disabled, or a bundle's countries change", async () => {
    const keyed = keyServices(db(), NOW).services;
    const key = await insertApiKey(db(), s.clientB.id);
    const countriesOfKey = async () => {
      const check = await keyed.apiKeys.authenticate(key.key);
      return check.ok ? check.principal.countries : [];
    };
    const bundle = await createBundle(keyed, superAdmin(), {
      ...benelux(),
      name: "Cached",
      countries: ["NL"],
    });
    await db()
      .insert(countryAccess)
      .values({ clientId: s.clientB.id, bundleId: bundle.id, validFrom: "2020-01-01" });
    expect(await countriesOfKey()).toEqual(["NL"]); // cached from here on

    await updateBundle(keyed, superAdmin(), {
      ...benelux(),
      bundleId: bundle.id,
      name: "Cached",
      countries: ["NL", "DK"],
    });
    expect(await countriesOfKey()).toEqual(["DK", "NL"]);

    await updateCountry(keyed, superAdmin(), { ...nl, enabled: "false", confirmDisable: "on" });
    expect(await countriesOfKey()).toEqual(["DK"]);
    await updateCountry(keyed, superAdmin(), nl);
    expect(await countriesOfKey()).toEqual(["DK", "NL"]);

    await db().delete(countryAccess);
    await deleteBundle(keyed, superAdmin(), { bundleId: bundle.id });
  });
});
