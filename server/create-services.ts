// Composes the services every request uses: database, auth, mail, translations, clock.
import path from "node:path";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { createApiKeyDirectory } from "../core/key-directory/api-key-directory.ts";
import { redisClientOptions, watchRedis, type RedisWatch } from "../core/cache/redis-watch.ts";
import { reportUnavailable } from "../core/unavailable.ts";
import { createAuth } from "../core/auth/create-auth.ts";
import { recordSignIn, recordSignInFailure } from "../core/auth/record-auth-event.ts";
import { createAuthLimits, type AuthLimits } from "../core/auth/limits.ts";
import type { MessageCatalog } from "../core/i18n/message-catalog.ts";
import { appJobKinds } from "../core/jobs/job-kinds.ts";
import { createJobQueue } from "../core/jobs/job-queue.ts";
import { feedCredentialsKey } from "../core/ingest/feed-credentials.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../core/ingest/fetch-feed.ts";
import { createMetadataCache } from "../core/ingest/metadata/metadata-cache.ts";
import { createTmdbClient } from "../core/ingest/metadata/tmdb-client.ts";
import { createApiRateLimits } from "../core/api/rate-limits.ts";
import { createApiResponseCache } from "../core/cache/response-cache.ts";
import { createCreditCosts } from "../core/credits/costs.ts";
import { createCreditMeter } from "../core/credits/meter.ts";
import { createImageRenderer } from "../core/assets/image-renderer.ts";
import { createMailer } from "../core/mail/mailer.ts";
import { createMailSender } from "../core/mail/send-mail.ts";
import { requestMeta } from "../core/request-meta.ts";
import type { AppServices } from "../core/services.ts";
import { ensureProfile } from "../core/tenancy/ensure-profile.ts";
import { migrationsFolder, type DatabaseHandle } from "../db/client.ts";
import type { Config } from "./config.ts";

type ServicesInput = {
  config: Config;
  database: DatabaseHandle;
  i18n: MessageCatalog;
  logger: Logger;
  now?: () => Date;
  /** distinguishes these rate-limit counters in a shared Redis (tests) */
  limitsKeyPrefix?: string;
  /** the channel API key invalidations travel on in a shared Redis (tests keep theirs apart) */
  apiKeyChannel?: string;
  /** distinguishes these live credit balances in a shared Redis (tests) */
  creditsKeyPrefix?: string;
  /** how often metered API usage is written to the ledger */
  creditsFlushIntervalMs?: number;
};

type SharedState = {
  db: DatabaseHandle["db"];
  redis: Redis | undefined;
  redisWatch: RedisWatch | undefined;
  now: () => Date;
};

/** The public API's key directory, credit meter and costs, response cache and per-key limits. */
function createApiServices(input: ServicesInput, { db, redis, redisWatch, now }: SharedState) {
  const { config, logger } = input;
  const apiKeys = createApiKeyDirectory({ db, redis, now, logger, channel: input.apiKeyChannel });
  const credits = {
    meter: createCreditMeter({
      db,
      redis,
      watch: redisWatch,
      keyPrefix: input.creditsKeyPrefix ?? "reeltime:credits",
      now,
      flushIntervalMs: input.creditsFlushIntervalMs ?? 5_000,
      logger,
      spillDirectory: path.resolve(config.DATA_DIR, "unwritten-usage"),
    }),
    costs: createCreditCosts({ db, ttlMs: 30_000 }),
  };
  // The public API's response cache and per-key limits, on the same Redis when there is one.
  const apiCache = createApiResponseCache({
    redis,
    watch: redisWatch,
    keyPrefix: input.limitsKeyPrefix ? `${input.limitsKeyPrefix}:api-cache` : "reeltime:api-cache",
    // An outage is logged by the watch; failures while Redis is up (a command over its timeout on a
    // busy machine) are misses, logged once a minute.
    onError: (error) => {
      if (redis?.status === "ready") reportUnavailable(logger, "api response cache", error);
    },
  });
  const apiLimits = createApiRateLimits({
    redis,
    keyPrefix: input.limitsKeyPrefix ? `${input.limitsKeyPrefix}:api-rate` : "reeltime:api-rate",
  });
  return { apiKeys, credits, apiCache, apiLimits };
}

/** Sign-in and accounts, with the profile and audit rows their events write. */
function createAuthService(
  config: Config,
  db: DatabaseHandle["db"],
  deps: { mail: AppServices["mail"]; limits: AuthLimits; logger: Logger },
) {
  return createAuth({
    db,
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    mail: deps.mail,
    limits: deps.limits,
    logger: deps.logger,
    events: {
      userCreated: async (user) => {
        await ensureProfile(db, {
          userId: user.id,
          email: user.email,
          // Not confirmed yet: no privilege (the bootstrap waits for the confirmation).
          confirmed: false,
        });
      },
      signedIn: async ({ userId, sessionId, headers }) => {
        await recordSignIn(db, {
          userId,
          sessionId,
          superAdminEmails: config.SUPER_ADMIN_EMAILS,
          ...requestMeta(headers),
        });
      },
      signInFailed: async ({ email, reason, request, headers }) => {
        await recordSignInFailure(db, { email, reason, ...requestMeta(headers ?? request) });
      },
    },
  });
}

/** Feed fetching, film metadata (TMDB, when configured) and poster fetching. */
function createFeedServices(input: ServicesInput, redis: Redis | undefined) {
  const { config } = input;
  const feeds = {
    fetch: {
      ...DEFAULT_FEED_FETCH_SETTINGS,
      timeoutMs: config.FEED_TIMEOUT_SECONDS * 1000,
      maxBytes: config.FEED_MAX_BYTES,
      allowedPrivateHosts: config.FEED_ALLOWED_PRIVATE_HOSTS,
    },
    credentialsKey: feedCredentialsKey(config.FEED_CREDENTIALS_KEY, config.authSecret),
  };
  const metadataCache = createMetadataCache({ redis, keyPrefix: input.limitsKeyPrefix ?? "reeltime" });
  const metadata = config.TMDB_API_KEY
    ? createTmdbClient(
        {
          baseUrl: config.TMDB_API_URL,
          imageBaseUrl: config.TMDB_IMAGE_URL,
          apiKey: config.TMDB_API_KEY,
          timeoutMs: 10_000,
          cacheTtlSeconds: 7 * 24 * 60 * 60,
        },
        metadataCache,
      )
    : null;
  // Posters come from the configured image host only through the feeds' guard: that host may be
  // private (an operator's mirror, a test server), nothing it redirects to may be.
  const imageFetch = {
    ...DEFAULT_FEED_FETCH_SETTINGS,
    timeoutMs: 15_000,
    retries: 0,
    allowedPrivateHosts: [new URL(config.TMDB_IMAGE_URL).hostname],
  };
  return { feeds, metadataCache, metadata, imageFetch };
}

export function createServices(input: ServicesInput): AppServices {
  const { config, database, i18n, logger } = input;
  const db = database.db;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    logger,
  });
  const mail = createMailSender({ mailer, catalog: i18n });
  // Rate limits, caches and live balances: shared through Redis when REDIS_URL is set, else in this
  // process; while a configured Redis is away, in this process too, and no request waits for it.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, redisClientOptions()) : undefined;
  const now = input.now ?? (() => new Date());
  const redisWatch = redis ? watchRedis(redis, logger, now) : undefined;
  const { apiKeys, credits, apiCache, apiLimits } = createApiServices(input, { db, redis, redisWatch, now });
  const limits = createAuthLimits({ redis, keyPrefix: input.limitsKeyPrefix ?? "reeltime:auth" });
  const auth = createAuthService(config, db, { mail, limits, logger });
  // Started by server/jobs.ts (or on first use): creating it opens nothing.
  const jobs = createJobQueue({ database, kinds: appJobKinds, logger, worker: config.WORKER });
  const { feeds, metadataCache, metadata, imageFetch } = createFeedServices(input, redis);
  const images = createImageRenderer();
  return {
    db,
    auth,
    jobs,
    feeds,
    imageFetch,
    metadata,
    credits,
    apiCache,
    // The metadata cache shows only when a provider is configured (otherwise it never holds anything).
    caches: metadata ? [apiCache.inspection, metadataCache.inspection] : [apiCache.inspection],
    apiLimits,
    redis: redisWatch,
    accounts: {
      limits,
      superAdminEmails: config.SUPER_ADMIN_EMAILS,
      close: async () => {
        // Metered usage first: its flush needs the database and, with Redis, the shared balances.
        await credits.meter
          .close()
          .catch((error: unknown) => logger.error({ err: error }, "credit meter close failed"));
        await apiCache.close();
        await images.close();
        if (redis) await redis.quit().catch(() => redis.disconnect());
      },
    },
    mailer,
    mail,
    i18n,
    logger,
    config: {
      baseUrl: config.baseUrl,
      gtmId: config.GTM_ID,
      production: config.NODE_ENV === "production",
    },
    apiKeys,
    migrationsFolder,
    images,
    now,
  };
}
