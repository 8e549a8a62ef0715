// The API's response cache for a command that changes what the API serves (feed and movie imports):
// REDIS_URL's, so running servers see the change at once; without Redis each server's memory cache
// expires on its own within a minute.
import { Redis } from "ioredis";
import { type ApiResponseCache, createApiResponseCache } from "../core/cache/response-cache.ts";

export function cliApiCache(env: NodeJS.ProcessEnv): {
  apiCache: ApiResponseCache;
  close: () => Promise<void>;
} {
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  return {
    apiCache: createApiResponseCache({ redis, keyPrefix: "reeltime:api-cache" }),
    close: async () => {
      redis?.disconnect();
    },
  };
}
