// What an import needs, for the CLI: the database, a clock, the API cache (cli/api-cache.ts) and the feed
// settings.
import type { DatabaseHandle } from "../db/client.ts";
import { feedCredentialsKey } from "../core/ingest/feed-credentials.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../core/ingest/fetch-feed.ts";
import type { IngestServices } from "../core/ingest/run-import.ts";
import { cliApiCache } from "./api-cache.ts";

export async function cliIngestServices(
  database: DatabaseHandle,
  env: NodeJS.ProcessEnv,
): Promise<IngestServices & { close: () => Promise<void> }> {
  const { apiCache, close } = cliApiCache(env);
  return {
    db: database.db,
    now: () => new Date(),
    apiCache,
    feeds: {
      fetch: DEFAULT_FEED_FETCH_SETTINGS,
      // Files need no credentials; a key is still required by the type, so one is derived.
      credentialsKey: feedCredentialsKey(env.FEED_CREDENTIALS_KEY || undefined, env.AUTH_SECRET ?? "cli"),
    },
    close,
  };
}
