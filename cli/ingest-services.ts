// What an import needs, for the CLI: the database, a clock, the API cache (REDIS_URL's, so running servers
// see the change at once; without Redis each server's memory cache expires on its own within a minute) and
// the feed settings.
import { Redis } from "ioredis";
import type { DatabaseHandle } from "../db/client.ts";
import { createApiResponseCache } from "../core/cache/response-cache.ts";
import { feedCredentialsKey } from "../core/ingest/feed-credentials.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../core/ingest/fetch-feed.ts";
import type { IngestServices } from "../core/ingest/run-import.ts";

export async function cliIngestServices(
  database: DatabaseHandle,
  env: NodeJS.ProcessEnv,
): Promise<IngestServices & { close: () => Promise<void> }> {
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  return {
    db: database.db,
    now: () => new Date(),
    apiCache: createApiResponseCache({ redis, keyPrefix: "reeltime:api-cache" }),
    feeds: {
      fetch: DEFAULT_FEED_FETCH_SETTINGS,
      // Files need no credentials; a key is still required by the type, so one is derived.
      credentialsKey: feedCredentialsKey(env.FEED_CREDENTIALS_KEY || undefined, env.AUTH_SECRET ?? "cli"),
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}
