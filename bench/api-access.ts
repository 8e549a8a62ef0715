// The bench's API client: the demo client, created the way the first start of a development database
// creates it (seedDemoAccounts, seedDemoApiAccess: every country with cinemas, a secret key), plus what
// a long load run needs: a rate limit it never reaches (the limiter still runs on every request) and a
// credit balance it never uses up (credits are still reserved and metered on every request).
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiKeys } from "../db/schema/access.ts";
import { seedDemoApiAccess } from "../core/api-keys/seed-demo-api-access.ts";
import { appendLedgerEntry } from "../core/credits/ledger.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";

export const BENCH_RATE_LIMIT_PER_MINUTE = 1_000_000_000;
export const BENCH_CREDITS = 1_000_000_000;

/** Creates the demo client's access and returns its secret key (call before the server starts). */
export async function createBenchApiKey(db: Database, now: Date): Promise<string> {
  await seedDemoAccounts(db);
  const access = await seedDemoApiAccess(db, { clientSlug: DEMO_CLIENT.slug, now });
  if (!access) throw new Error("the demo client is missing: was the demo catalogue seeded?");
  const prefix = access.secretKey.slice(0, 12);
  const [key] = await db
    .update(apiKeys)
    .set({ rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE })
    .where(eq(apiKeys.prefix, prefix))
    .returning({ clientId: apiKeys.clientId });
  if (!key) throw new Error(`the bench key ${prefix}… was not stored`);
  await db.transaction((tx) =>
    appendLedgerEntry(tx, {
      clientId: key.clientId,
      delta: BENCH_CREDITS,
      kind: "adjustment",
      reason: "bench run",
    }),
  );
  return access.secretKey;
}
