// The real Hono app over a fresh test database and the real production build (see build-setup.ts).
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadMessageCatalog } from "../../core/i18n/message-catalog.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { loadDemoData } from "../../db/seed/load-demo-data.ts";
import { seedDemoData } from "../../db/seed/seed-demo.ts";
import { createServerParts } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { createMetrics } from "../../server/metrics.ts";
import { createServices } from "../../server/create-services.ts";

const root = path.resolve(import.meta.dirname, "../..");

export async function loadServerBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
}

/** A small demo catalogue (the Netherlands only, a few days): enough for pages, quick to seed. */
export async function seedSmallDemo(database: DatabaseHandle, now: Date, days = 3) {
  const data = await loadDemoData();
  const countries = new Set(["NL"]);
  await seedDemoData(database.db, {
    now,
    days,
    data: {
      ...data,
      cinemas: data.cinemas.filter((c) => countries.has(c.country)),
      chains: data.chains,
      countries: data.countries,
    },
  });
}

export async function createTestApp(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    /** apps created with the same value share their Redis keys (limits, credits, key invalidations) */
    redisNamespace?: string;
  } = {},
) {
  const namespace = options.redisNamespace ?? randomUUID();
  const dataDir = await mkdtemp(path.join(tmpdir(), "reeltime-test-app-"));
  const config = await loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    // In-process requests come from 127.0.0.1: trusting loopback lets a test set a client address with
    // X-Forwarded-For (the per-IP limits); a test of the untrusted case passes TRUSTED_PROXIES: "".
    TRUSTED_PROXIES: "loopback",
    // With TEST_REDIS_URL the rate limits live in that Redis (keys of this app only, see below).
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...options.env,
  });
  const i18n = await loadMessageCatalog(path.join(root, "locales"));
  const logger = createLogger("silent");
  const services = createServices({
    config,
    database,
    i18n,
    logger,
    now: options.now,
    limitsKeyPrefix: `reeltime-test:${namespace}`,
    apiKeyChannel: `reeltime-test:api-keys:${namespace}`,
    creditsKeyPrefix: `reeltime-test-credits:${namespace}`,
  });
  // As the server does at start: requests before Redis is connected would use this instance's memory.
  await services.redis?.settled(5_000);
  const { app, listener } = createServerParts({
    config,
    database,
    services,
    logger,
    metrics: createMetrics(),
    build: await loadServerBuild(),
    clientDirectory: path.relative(process.cwd(), path.join(root, "build/client")),
  });
  /**
   * Releases what the services hold open (the key directory's timer and Redis subscriber, the credit
   * meter's buffered usage, Redis, the job queue if used): call before the database closes.
   */
  const close = async () => {
    await services.apiKeys.close();
    await services.credits.meter.close();
    await services.accounts.close();
    await services.jobs.stop();
  };
  /** `listener`: the Node request listener a server runs (the page cache's front, then the app). */
  return { app, listener, config, i18n, services, close };
}
