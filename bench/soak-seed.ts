// The soak's data (bench/soak.ts), written before the instances start: the demo catalogue as a first
// start seeds it, the demo accounts (whose passwords the soak signs in with), and several API clients —
// the demo client and `clients - 1` more, each with the demo's access (every country with cinemas, the
// development hosts as widget domains, a secret and a publishable key) — plus what a long run needs: a
// rate limit the load never reaches (the limiter still runs on every request) and a balance it never
// uses up (credits are still reserved and metered on every request). Also the places and slugs the
// traffic asks for.
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiKeys } from "../db/schema/access.ts";
import { clients as clientsTable } from "../db/schema/tenancy.ts";
import { seedDemoApiAccess } from "../core/demo/seed-demo-api-access.ts";
import { appendLedgerEntry } from "../core/credits/ledger.ts";
import { seedDemoCredits } from "../core/credits/seed-demo-credits.ts";
import { queryRows } from "../core/shared/db-rows.ts";
import { seedDemoMissingLinks } from "../core/ingest/missing-links/seed-demo-missing-links.ts";
import { DEMO_CLIENT, type DemoAccount, seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { isDatabaseEmpty, seedDemoData } from "../db/seed/seed-demo.ts";
import { BENCH_RATE_LIMIT_PER_MINUTE } from "./api-access.ts";

export type SoakClient = { id: string; slug: string; secret: string; publishable: string };
export type SoakPlace = { city: string; countryCode: string };
export type SoakData = {
  clients: SoakClient[];
  accounts: DemoAccount[];
  /** the cities with the most cinemas */
  places: SoakPlace[];
  coordinates: { latitude: number; longitude: number }[];
  /** films and cinemas with showtimes to come (the soak keeps those whose page answers 200) */
  filmSlugs: string[];
  cinemaSlugs: string[];
};

/** Seeds an empty, migrated database; refuses one with data (it would not be the soak's own). */
export async function seedSoakData(
  db: Database,
  options: { clients: number; credits: number; now: Date },
): Promise<SoakData> {
  if (!(await isDatabaseEmpty(db)))
    throw new Error("the soak's database is not empty: give it an empty one (or none: it creates its own)");
  const { now } = options;
  await seedDemoData(db, { now });
  await seedDemoMissingLinks(db, { now });
  const accounts = await seedDemoAccounts(db);
  await seedDemoCredits(db);

  const slugs: string[] = [DEMO_CLIENT.slug];
  for (let n = 2; n <= options.clients; n++) {
    const slug = `soak-client-${n}`;
    await db
      .insert(clientsTable)
      .values({ name: `Soak client ${n}`, slug, contactEmail: `${slug}@reeltime.test` });
    slugs.push(slug);
  }
  const clients: SoakClient[] = [];
  for (const slug of slugs) {
    const access = await seedDemoApiAccess(db, { clientSlug: slug, now });
    if (!access) throw new Error(`client ${slug} is missing`);
    const [key] = await db
      .select({ clientId: apiKeys.clientId })
      .from(apiKeys)
      .where(inArray(apiKeys.prefix, [access.secretKey.slice(0, 12)]));
    if (!key) throw new Error(`the key of ${slug} was not stored`);
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        clientId: key.clientId,
        delta: options.credits,
        kind: "adjustment",
        reason: "soak run",
      }),
    );
    clients.push({ id: key.clientId, slug, secret: access.secretKey, publishable: access.publishableKey });
  }
  await db.update(apiKeys).set({ rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE });

  const places = await queryRows<{ city: string; country_code: string }>(
    db,
    sql`select city, country_code from cinemas group by city, country_code order by count(*) desc, city limit 12`,
  );
  const coordinates = await queryRows<{ latitude: number; longitude: number }>(
    db,
    sql`select latitude, longitude from cinemas where latitude is not null and longitude is not null order by random() limit 20`,
  );
  const upcoming = (column: "movie_id" | "cinema_id", table: "movies" | "cinemas") =>
    queryRows<{ slug: string }>(
      db,
      sql`select t.slug from ${sql.raw(table)} t where exists (select 1 from showtimes s where s.${sql.raw(column)} = t.id and s.starts_at > ${now.toISOString()}::timestamptz) order by random() limit 30`,
    );
  return {
    clients,
    accounts,
    places: places.map((p) => ({ city: p.city, countryCode: p.country_code })),
    coordinates,
    filmSlugs: (await upcoming("movie_id", "movies")).map((r) => r.slug),
    cinemaSlugs: (await upcoming("cinema_id", "cinemas")).map((r) => r.slug),
  };
}
