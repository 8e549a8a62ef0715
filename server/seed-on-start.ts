import type { Logger } from "pino";
import { seedDemoApiAccess } from "../core/demo/seed-demo-api-access.ts";
import { seedDemoCredits } from "../core/credits/seed-demo-credits.ts";
import { seedDemoMissingLinks } from "../core/ingest/missing-links/seed-demo-missing-links.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { isDatabaseEmpty, seedDemoData } from "../db/seed/seed-demo.ts";
import { seedDemoFeed } from "../db/seed/seed-demo-feed.ts";
import type { Config } from "./config.ts";

/**
 * Demo data on the first start of an empty embedded database (SEED_DEMO defaults on there);
 * on PostgreSQL only when SEED_DEMO=true. A database with data is never touched.
 */
export async function seedIfNeeded(input: {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  now?: Date;
}) {
  const { database, config, logger } = input;
  const wanted = config.SEED_DEMO ?? database.kind === "pglite";
  if (!wanted) return false;
  if (!(await isDatabaseEmpty(database.db))) return false;
  const started = performance.now();
  logger.info("empty database: seeding demo data");
  const counts = await seedDemoData(database.db, { now: input.now ?? new Date() });
  logger.info({ ...counts, ms: Math.round(performance.now() - started) }, "demo data seeded");
  // Unmatched feed titles for the studio's missing-links queue.
  const missing = await seedDemoMissingLinks(database.db, { now: input.now ?? new Date() });
  logger.info(missing, "demo missing links seeded");
  // One enabled feed from a sample file in the repository, so "Run a feed" works on a fresh start.
  const sampleFeed = await seedDemoFeed(database.db, { now: input.now ?? new Date() });
  logger.info({ sampleFeed }, "demo sample feed seeded");
  // Sign-in accounts for trying the studio, and API keys for trying the API: their passwords and
  // keys exist only in this one log line.
  if (config.NODE_ENV !== "production") {
    const demoAccounts = await seedDemoAccounts(database.db);
    const access = await seedDemoApiAccess(database.db, {
      clientSlug: DEMO_CLIENT.slug,
      now: input.now ?? new Date(),
    });
    logger.warn(
      {
        demoAccounts,
        client: DEMO_CLIENT.slug,
        ...(access
          ? {
              demoApiKeys: { secret: access.secretKey, publishable: access.publishableKey },
              demoCountries: access.countries,
              demoDomains: access.domains,
            }
          : {}),
      },
      "demo accounts and API keys created (development passwords and keys, shown once)",
    );
  }
  // Costs and offers always; the demo client's first credits when it exists.
  const credits = await seedDemoCredits(database.db);
  logger.info(credits, "demo credits seeded");
  return true;
}
