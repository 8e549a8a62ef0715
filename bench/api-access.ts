// The bench's API client: the demo client, created the way the first start of a development database
// creates it (seedDemoAccounts, seedDemoApiAccess: every country with cinemas, a secret key), plus what
// a long load run needs: a rate limit it never reaches (the limiter still runs on every request) and a
// credit balance it never uses up (credits are still reserved and metered on every request).
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiKeys } from "../db/schema/access.ts";
import { seedDemoApiAccess } from "../core/demo/seed-demo-api-access.ts";
import { appendLedgerEntry } from "../core/credits/ledger.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";

export const BENCH_RATE_LIMIT_PER_MINUTE = 1_000_000_000;
export const BENCH_CREDITS = 1_000_000_000;

/** Creates the demo client's access and returns its secret key (call before the server starts). */
export async function createBenchApiKey(db: Database, now: Date): Promise<string> {
  return (await createBenchApiKeys(db, now)).secret;
}

/**
 * The demo client's access with both its keys: the secret one, and the publishable one the widget uses
 * from the demo's registered hosts (localhost, 127.0.0.1). Call before the server starts.
 */
export async function createBenchApiKeys(
  db: Database,
  now: Date,
): Promise<{ secret: string; publishable: string }> {
  await seedDemoAccounts(db);
  const access = await seedDemoApiAccess(db, { clientSlug: DEMO_CLIENT.slug, now });
  if (!access) throw new Error("the demo client is missing: was the demo catalogue seeded?");
  const prefixes = [access.secretKey.slice(0, 12), access.publishableKey.slice(0, 12)];
  const keys = await db
    .update(apiKeys)
    .set({ rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE })
    .where(inArray(apiKeys.prefix, prefixes))
    .returning({ clientId: apiKeys.clientId });
  const clientId = keys[0]?.clientId;
  if (keys.length !== prefixes.length || !clientId)
    throw new Error(`the bench keys ${prefixes.join(", ")}… were not stored`);
  await db.transaction((tx) =>
    appendLedgerEntry(tx, {
      clientId,
      delta: BENCH_CREDITS,
      kind: "adjustment",
      reason: "bench run",
    }),
  );
  return { secret: access.secretKey, publishable: access.publishableKey };
}
