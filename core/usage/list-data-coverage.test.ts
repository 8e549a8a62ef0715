import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { countryAccess } from "../../db/schema/access.ts";
import { bundleCountries, bundles, cinemas, countries } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { actorFor, createScenario, expectAppError, type Scenario } from "../tenancy/tenancy-test-fixtures.ts";
import { listDataCoverage } from "./list-data-coverage.ts";
import { USAGE_NOW, usageServices } from "./usage-test-fixtures.ts";

const database = useTestDatabase();
let s: Scenario;
const HOUR = 3_600_000;
const at = (hours: number) => new Date(USAGE_NOW.getTime() + hours * HOUR);

async function cinema(db: Database, countryCode: string, slug: string, status: "open" | "closed" = "open") {
  const [row] = await db
    .insert(cinemas)
    .values({ name: slug, slug, city: "Town", countryCode, timeZone: "Europe/Amsterdam", status })
    .returning();
  return row!;
}

beforeAll(async () => {
  const { db } = database();
  s = await createScenario(db);
  await db.insert(countries).values(
    [
      ["NL", "Netherlands"],
      ["BE", "Belgium"],
      ["LU", "Luxembourg"],
      ["DE", "Germany"],
      ["FR", "France"],
    ].map(([code, name]) => ({
      code: code!,
      name: name!,
      enabled: code !== "LU",
      defaultLocale: "en",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    })),
  );
  const [benelux] = await db.insert(bundles).values({ name: "Benelux" }).returning();
  await db
    .insert(bundleCountries)
    .values(["BE", "LU", "NL"].map((countryCode) => ({ bundleId: benelux!.id, countryCode })));
  const a = s.clientA.id;
  await db.insert(countryAccess).values([
    { clientId: a, countryCode: "NL", validFrom: "2026-01-01" },
    { clientId: a, bundleId: benelux!.id, validFrom: "2026-03-15", validUntil: "2026-03-15" },
    { clientId: a, countryCode: "DE", validFrom: "2025-01-01", validUntil: "2026-03-14" },
    { clientId: a, countryCode: "FR", validFrom: "2026-03-16" },
  ]);
  const amsterdam = await cinema(db, "NL", "amsterdam");
  await cinema(db, "NL", "utrecht");
  await cinema(db, "NL", "closed-one", "closed");
  const brussels = await cinema(db, "BE", "brussels");
  const berlin = await cinema(db, "DE", "berlin");
  const show = (
    cinemaId: string,
    countryCode: string,
    startsAt: Date,
    status: "scheduled" | "cancelled" = "scheduled",
  ) => ({
    cinemaId,
    countryCode,
    feedTitle: "A film",
    startsAt,
    status,
  });
  await db
    .insert(showtimes)
    .values([
      show(amsterdam.id, "NL", at(1)),
      show(amsterdam.id, "NL", at(48)),
      show(amsterdam.id, "NL", at(7 * 24 - 1)),
      show(amsterdam.id, "NL", at(2), "cancelled"),
      show(amsterdam.id, "NL", at(-1)),
      show(amsterdam.id, "NL", at(7 * 24 + 1)),
      show(brussels.id, "BE", at(3)),
      show(berlin.id, "DE", at(3)),
      show(berlin.id, "DE", at(4)),
    ]);
});

describe("listDataCoverage", () => {
  it("covers the client's countries granted today, directly or by bundle, with open cinemas and the next 7 days' showtimes", async () => {
    const rows = await listDataCoverage(usageServices(database().db), actorFor(s.viewerA, s.clientA));
    expect(rows).toEqual([
      { countryCode: "BE", countryName: "Belgium", cinemas: 1, showtimesNext7Days: 1 },
      { countryCode: "NL", countryName: "Netherlands", cinemas: 2, showtimesNext7Days: 3 },
    ]);
  });

  it("follows the grants' dates: the bundle ends after today, France starts tomorrow", async () => {
    const tomorrow = usageServices(database().db, at(24));
    const rows = await listDataCoverage(tomorrow, actorFor(s.viewerA, s.clientA));
    expect(rows.map((row) => row.countryCode)).toEqual(["FR", "NL"]);
  });

  it("is empty for a client without grants, covers every enabled country for the platform, refuses outsiders", async () => {
    const services = usageServices(database().db);
    expect(await listDataCoverage(services, actorFor(s.adminB, s.clientB))).toEqual([]);
    const platform = await listDataCoverage(services, actorFor(s.superAdmin));
    expect(platform.map((row) => [row.countryCode, row.showtimesNext7Days])).toEqual([
      ["BE", 1],
      ["FR", 0],
      ["DE", 2],
      ["NL", 3],
    ]);
    await expectAppError(listDataCoverage(services, actorFor(s.outsider)), "forbidden");
  });
});
