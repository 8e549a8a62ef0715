import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { isDatabaseEmpty, seedDemoData } from "../db/seed/seed-demo.ts";
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
  // Sign-in accounts for trying the studio; their passwords exist only in this one log line.
  if (config.NODE_ENV !== "production") {
    const demoAccounts = await seedDemoAccounts(database.db);
    logger.warn(
      { demoAccounts, client: DEMO_CLIENT.slug },
      "demo accounts created (development passwords, shown once)",
    );
  }
  return true;
}
