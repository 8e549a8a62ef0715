// What the server hands to every loader and action (through the router context).
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { ApiRateLimits } from "./api/rate-limits.ts";
import type { ApiResponseCache } from "./cache/response-cache.ts";
import type { ApiKeyDirectory } from "./key-directory/key-directory-types.ts";
import type { Auth } from "./auth/create-auth.ts";
import type { CreditCosts, CreditMeter } from "./credits/credit-types.ts";
import type { ImageRenderer } from "./assets/image-renderer.ts";
import type { AuthLimits } from "./auth/limits.ts";
import type { InspectableCache } from "./cache/inspectable-cache.ts";
import type { RedisWatch } from "./cache/redis-watch.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MailSender } from "./mail/send-mail.ts";
import type { MessageCatalog } from "./i18n/message-catalog.ts";
import type { FeedFetchSettings } from "./ingest/fetch-feed.ts";
import type { MetadataProvider } from "./ingest/metadata/tmdb-client.ts";
import type { AppJobKinds } from "./jobs/job-kinds.ts";
import type { JobQueue } from "./jobs/job-queue.ts";

export type PublicConfig = {
  baseUrl: string;
  gtmId: string | undefined;
  production: boolean;
};

/** The account lifecycle's own settings and counters (core/auth). */
export type AccountServices = {
  limits: AuthLimits;
  /** SUPER_ADMIN_EMAILS: bootstrap super admins, granted once the address is confirmed */
  superAdminEmails: readonly string[];
  /** releases shared resources (the Redis connection) at shutdown */
  close: () => Promise<void>;
};

export type AppServices = {
  db: Database;
  auth: Auth;
  accounts: AccountServices;
  mailer: Mailer;
  /** the product's e-mails, localized */
  mail: MailSender;
  i18n: MessageCatalog;
  config: PublicConfig;
  logger: Logger;
  /** API key lookups (cached briefly; revoking or rotating invalidates); close() at shutdown */
  apiKeys: ApiKeyDirectory;
  /** the public API's credits: live balances and metering, and the cost of each operation */
  credits: { meter: CreditMeter; costs: CreditCosts };
  /** the public API's response cache and data version (core/cache/invalidate-api-data.ts bumps it) */
  apiCache: ApiResponseCache;
  /** the caches the studio's cached-data page inspects and purges (the API's response cache first) */
  caches: readonly InspectableCache[];
  /** the public API's per-key rate limits */
  apiLimits: ApiRateLimits;
  /** the shared Redis's state, when one is configured (for readiness) */
  redis?: RedisWatch;
  /** background jobs (pg-boss): enqueue, cancel, schedules; the worker runs in the server unless WORKER=false */
  jobs: JobQueue<AppJobKinds>;
  /** feed fetching (timeouts, limits, allowed private hosts) and the key feed credentials are encrypted with */
  feeds: { fetch: FeedFetchSettings; credentialsKey: Buffer };
  /** the movie metadata provider (TMDB-compatible), or null when no key is configured */
  metadata: MetadataProvider | null;
  /** how posters are fetched from the provider's image host: the feeds' SSRF guard, that host allowed */
  imageFetch: FeedFetchSettings;
  /** db/migrations, for the tools page's migration status (the built app cannot find it from its bundle) */
  migrationsFolder: string;
  /** renders uploaded and fetched images in a bounded child process (core/assets/image-renderer.ts) */
  images: ImageRenderer;
  /** injectable clock, so tests and the seed agree on "today" */
  now: () => Date;
};

/** Per request: set by the server's middleware. */
export type RequestInfo = {
  requestId: string;
  /** CSP nonce for the inline scripts of this response */
  nonce: string;
  /** set while answering: a route failed because the database (or Redis) was unavailable (→ 503) */
  outcome?: { unavailable: boolean };
};
