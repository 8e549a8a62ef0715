// /studio/config/countries through the real app, signed in as the demo accounts: who may open and post,
// the countries and bundles tabs (search, filter, CSV), and what each intent writes or refuses.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../../db/schema/access.ts";
import { auditLogs } from "../../../../db/schema/audit.ts";
import { bundles, countries } from "../../../../db/schema/catalog.ts";
import { clients } from "../../../../db/schema/tenancy.ts";
import { countRows } from "../../../../core/tenancy/tenancy-test-fixtures.ts";
import {
  BASE,
  csvRows,
  dataPath,
  get,
  postForm,
  setUpStudio,
  type App,
  type Who,
} from "../../../../tests/helpers/studio-test-app.ts";

const PATH = "/studio/config/countries";
const { database, studio } = setUpStudio();
let app: App;
let cookies: Record<Who, string>;
let demoId = "";

/** A form POST with repeated fields (a bundle's countries). */
function post(fields: [string, string][], cookie: string) {
  return app.request(`${BASE}${dataPath(PATH)}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie },
  });
}

const nl = {
  intent: "updateCountry",
  code: "NL",
  name: "Netherlands",
  enabled: "on",
  defaultLocale: "nl",
  timeZone: "Europe/Amsterdam",
  currency: "EUR",
};
const country = async (code: string) =>
  (await database().db.select().from(countries).where(eq(countries.code, code)))[0];

beforeAll(async () => {
  ({ app, cookies } = studio());
  const { db } = database();
  await db.insert(countries).values([
    { code: "NL", name: "Netherlands", defaultLocale: "nl", timeZone: "Europe/Amsterdam", currency: "EUR" },
    { code: "BE", name: "Belgium", defaultLocale: "nl", timeZone: "Europe/Brussels", currency: "EUR" },
    {
      code: "DK",
      name: "Denmark",
      enabled: false,
      defaultLocale: "da",
      timeZone: "Europe/Copenhagen",
      currency: "DKK",
    },
  ]);
  const [demo] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.slug, "demo"));
  demoId = demo!.id;
  await db.insert(countryAccess).values({ clientId: demoId, countryCode: "NL" });
});

describe("who may open /studio/config/countries", () => {
  it("shows a super admin both tabs", async () => {
    const countriesPage = await get(app, PATH, cookies.superAdmin);
    expect(countriesPage.status).toBe(200);
    const html = await countriesPage.text();
    expect(html).toContain("Belgium");
    expect(html).toContain("Europe/Copenhagen");
    const bundlesPage = await get(app, `${PATH}?tab=bundles`, cookies.superAdmin);
    expect(bundlesPage.status).toBe(200);
    expect(await bundlesPage.text()).toContain("No bundles yet");
  });

  it.each(["admin", "editor", "viewer"] as const)(
    "answers 403 to a client %s: page, data, CSV, posts",
    async (who) => {
      expect((await get(app, PATH, cookies[who])).status).toBe(403);
      expect((await get(app, dataPath(PATH), cookies[who])).status).toBe(403);
      expect((await get(app, `${PATH}?format=csv`, cookies[who])).status).toBe(403);
      const before = await country("NL");
      expect((await postForm(app, PATH, { ...nl, name: "Hacked" }, cookies[who])).status).toBe(403);
      expect(await country("NL")).toEqual(before);
    },
  );
});

describe("countries tab", () => {
  it("names countries and their languages in the reader's language (Dutch, German), not as stored", async () => {
    // what the page shows, without the loader data it carries for hydration
    const shown = async (locale: string) =>
      (await (await get(app, PATH, `${cookies.superAdmin}; reeltime-locale=${locale}`)).text()).replace(
        /<script\b[\s\S]*?<\/script>/g,
        "",
      );
    const dutch = await shown("nl");
    expect(dutch).toContain("België");
    expect(dutch).toContain("Denemarken");
    expect(dutch).toContain("Deens");
    expect(dutch).not.toContain("Belgium");
    const german = await shown("de");
    expect(german).toContain("Belgien");
    expect(german).toContain("Dänisch");
  });

  it("filters by enabled and searches; exports the filtered rows as CSV", async () => {
    const disabled = csvRows(
      await (await get(app, `${PATH}?format=csv&enabled=no`, cookies.superAdmin)).text(),
    );
    expect(disabled.slice(1).map((row) => row[0])).toEqual(["DK"]);
    const rows = csvRows(await (await get(app, `${PATH}?format=csv&q=neth`, cookies.superAdmin)).text());
    expect(rows).toEqual([
      ["Code", "Name", "Enabled", "Default locale", "Time zone", "Currency", "Clients", "Bundles"],
      ["NL", "Netherlands", "yes", "nl", "Europe/Amsterdam", "EUR", "1", "0"],
    ]);
  });

  it("refuses Mars/Base with the field message and changes nothing; a valid zone is saved with a toast", async () => {
    const before = await country("NL");
    const refused = await postForm(app, dataPath(PATH), { ...nl, timeZone: "Mars/Base" }, cookies.superAdmin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("studio.countries.validation.timeZone");
    expect(await country("NL")).toEqual(before);

    const saved = await postForm(
      app,
      dataPath(PATH),
      { ...nl, timeZone: "Europe/Berlin" },
      cookies.superAdmin,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("studio.countries.toast.countrySaved");
    expect((await country("NL"))!.timeZone).toBe("Europe/Berlin");
  });

  it("disabling a country a client reads needs the confirmation; with it the country is disabled", async () => {
    const { enabled: _enabled, ...withoutEnabled } = nl;
    const refused = await postForm(app, dataPath(PATH), withoutEnabled, cookies.superAdmin);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("studio.countries.validation.confirmDisable");
    expect((await country("NL"))!.enabled).toBe(true);
    const done = await postForm(
      app,
      dataPath(PATH),
      { ...withoutEnabled, confirmDisable: "on" },
      cookies.superAdmin,
    );
    expect(done.status).toBe(200);
    expect((await country("NL"))!.enabled).toBe(false);
  });

  it("adds a country; refuses its code a second time", async () => {
    const fields = {
      intent: "createCountry",
      code: "FR",
      name: "France",
      enabled: "on",
      defaultLocale: "fr",
      timeZone: "Europe/Paris",
      currency: "EUR",
    };
    expect((await postForm(app, dataPath(PATH), fields, cookies.superAdmin)).status).toBe(200);
    expect(await country("FR")).toMatchObject({ name: "France", currency: "EUR" });
    const again = await postForm(app, dataPath(PATH), fields, cookies.superAdmin);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("studio.countries.validation.codeTaken");
  });
});

describe("bundles tab", () => {
  it("creates a bundle of two countries, edits it, lists and exports it", async () => {
    const created = await post(
      [
        ["intent", "createBundle"],
        ["name", "Benelux"],
        ["description", ""],
        ["price", "49.95"],
        ["currency", "EUR"],
        ["countries", "NL"],
        ["countries", "BE"],
      ],
      cookies.superAdmin,
    );
    expect(created.status).toBe(200);
    const [bundle] = await database().db.select().from(bundles).where(eq(bundles.name, "Benelux"));
    expect(bundle).toMatchObject({ price: 4995, currency: "EUR" });

    const duplicate = await post(
      [
        ["intent", "createBundle"],
        ["name", "benelux"],
        ["price", "1"],
        ["countries", "NL"],
      ],
      cookies.superAdmin,
    );
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("studio.countries.validation.bundleNameTaken");

    const edited = await post(
      [
        ["intent", "updateBundle"],
        ["bundleId", bundle!.id],
        ["name", "Benelux"],
        ["price", "59"],
        ["currency", "EUR"],
        ["countries", "NL"],
        ["countries", "BE"],
        ["countries", "DK"],
      ],
      cookies.superAdmin,
    );
    expect(edited.status).toBe(200);
    const rows = csvRows(await (await get(app, `${PATH}?tab=bundles&format=csv`, cookies.superAdmin)).text());
    expect(rows).toEqual([
      ["Id", "Name", "Description", "Price (minor units, such as cents)", "Currency", "Countries", "Clients"],
      [bundle!.id, "Benelux", "", "5900", "EUR", "BE DK NL", "0"],
    ]);
  });

  it("refuses to delete a bundle in use with the count as an error toast; deletes an unused one", async () => {
    const [bundle] = await database().db.select().from(bundles).where(eq(bundles.name, "Benelux"));
    await database().db.insert(countryAccess).values({ clientId: demoId, bundleId: bundle!.id });
    const audits = await countRows(database().db, auditLogs);
    const refused = await postForm(
      app,
      dataPath(PATH),
      { intent: "deleteBundle", bundleId: bundle!.id },
      cookies.superAdmin,
    );
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(body).toContain("error.countries.bundleInUse");
    expect(body).toContain('"error"');
    expect(await countRows(database().db, bundles, eq(bundles.id, bundle!.id))).toBe(1);
    expect(await countRows(database().db, auditLogs)).toBe(audits);

    await database().db.delete(countryAccess).where(eq(countryAccess.bundleId, bundle!.id));
    const deleted = await postForm(
      app,
      dataPath(PATH),
      { intent: "deleteBundle", bundleId: bundle!.id },
      cookies.superAdmin,
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("studio.countries.toast.bundleDeleted");
    expect(await countRows(database().db, bundles, eq(bundles.id, bundle!.id))).toBe(0);
  });

  it("answers an unknown intent with 400", async () => {
    expect((await postForm(app, dataPath(PATH), { intent: "dropTable" }, cookies.superAdmin)).status).toBe(
      400,
    );
  });
});
