import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../db/schema/access.ts";
import { bundleCountries, bundles, countries } from "../../db/schema/catalog.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  createScenario,
  createTestClient,
  expectAppError,
} from "../tenancy/tenancy-test-fixtures.ts";
import { grantedCountries, utcDay } from "./country-access.ts";
import { listGrantedCountries } from "../country-access/list-granted-countries.ts";

const database = useTestDatabase();

const COUNTRIES = [
  { code: "NL", enabled: true },
  { code: "BE", enabled: true },
  { code: "DE", enabled: true },
  { code: "FR", enabled: true },
  { code: "DK", enabled: true },
  { code: "LU", enabled: false },
];

beforeAll(async () => {
  await database()
    .db.insert(countries)
    .values(
      COUNTRIES.map((c) => ({
        code: c.code,
        name: c.code,
        enabled: c.enabled,
        defaultLocale: "en",
        timeZone: "Europe/Amsterdam",
        currency: "EUR",
      })),
    );
});

async function bundle(name: string, codes: string[]) {
  const { db } = database();
  const [row] = await db.insert(bundles).values({ name }).returning({ id: bundles.id });
  await db.insert(bundleCountries).values(codes.map((countryCode) => ({ bundleId: row!.id, countryCode })));
  return row!.id;
}

describe("grantedCountries", () => {
  it("joins direct grants and bundles, upper case, sorted, without duplicates", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const benelux = await bundle(`benelux-${client.slug}`, ["NL", "BE", "LU"]);
    await db.insert(countryAccess).values([
      { clientId: client.id, countryCode: "NL", validFrom: "2026-01-01" },
      { clientId: client.id, countryCode: "FR", validFrom: "2026-01-01" },
      { clientId: client.id, bundleId: benelux, validFrom: "2026-01-01" },
    ]);
    // LU is in the bundle but disabled
    expect(await grantedCountries(db, client.id, "2026-05-01")).toEqual(["BE", "FR", "NL"]);
  });

  it("counts validity days inclusively at both ends; an open end never expires", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const nordic = await bundle(`nordic-${client.slug}`, ["DK"]);
    await db.insert(countryAccess).values([
      { clientId: client.id, countryCode: "NL", validFrom: "2026-03-10", validUntil: "2026-03-20" },
      { clientId: client.id, countryCode: "DE", validFrom: "2026-03-15" },
      { clientId: client.id, bundleId: nordic, validFrom: "2026-03-12", validUntil: "2026-03-12" },
    ]);
    expect(await grantedCountries(db, client.id, "2026-03-09")).toEqual([]);
    expect(await grantedCountries(db, client.id, "2026-03-10")).toEqual(["NL"]);
    expect(await grantedCountries(db, client.id, "2026-03-12")).toEqual(["DK", "NL"]);
    expect(await grantedCountries(db, client.id, "2026-03-13")).toEqual(["NL"]);
    expect(await grantedCountries(db, client.id, "2026-03-15")).toEqual(["DE", "NL"]);
    expect(await grantedCountries(db, client.id, "2026-03-20")).toEqual(["DE", "NL"]);
    expect(await grantedCountries(db, client.id, "2026-03-21")).toEqual(["DE"]);
    expect(await grantedCountries(db, client.id, "2099-12-31")).toEqual(["DE"]);
  });

  it("leaves out disabled countries, granted directly too", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await db.insert(countryAccess).values([
      { clientId: client.id, countryCode: "LU", validFrom: "2026-01-01" },
      { clientId: client.id, countryCode: "BE", validFrom: "2026-01-01" },
    ]);
    expect(await grantedCountries(db, client.id, "2026-06-01")).toEqual(["BE"]);
  });

  it("answers only the asked client's grants", async () => {
    const { db } = database();
    const a = await createTestClient(db);
    const b = await createTestClient(db);
    await db.insert(countryAccess).values({ clientId: a.id, countryCode: "NL", validFrom: "2026-01-01" });
    expect(await grantedCountries(db, a.id, "2026-06-01")).toEqual(["NL"]);
    expect(await grantedCountries(db, b.id, "2026-06-01")).toEqual([]);
  });

  it("insists on a calendar day", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await expect(grantedCountries(db, client.id, "2026-6-1")).rejects.toThrow(/YYYY-MM-DD/);
    expect(utcDay(new Date("2026-03-10T23:30:00-02:00"))).toBe("2026-03-11");
  });
});

describe("listGrantedCountries", () => {
  it("answers the members of the client, refuses others", async () => {
    const { db } = database();
    const s = await createScenario(db);
    await db
      .insert(countryAccess)
      .values({ clientId: s.clientA.id, countryCode: "NL", validFrom: "2026-01-01" });
    const services = { db, now: () => new Date("2026-06-01T12:00:00Z") };
    expect(await listGrantedCountries(services, actorFor(s.viewerA, s.clientA), s.clientA.id)).toEqual([
      "NL",
    ]);
    expect(await listGrantedCountries(services, actorFor(s.superAdmin), s.clientA.id)).toEqual(["NL"]);
    await expectAppError(
      listGrantedCountries(services, actorFor(s.adminB, s.clientB), s.clientA.id),
      "forbidden",
    );
  });
});
