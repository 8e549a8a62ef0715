// Start-up (loaded by server/main.ts once the run mode is set): configuration, database (migrate, first-run seed), the Hono app, and graceful shutdown.
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { loadMessageCatalog } from "../core/i18n/message-catalog.ts";
import { createServerParts } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { bufferedStdout, createLogger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";
import { startJobs } from "./jobs.ts";
import { createServices } from "./services.ts";
import { seedIfNeeded } from "./seed-on-start.ts";

const root = path.resolve(import.meta.dirname, "..");
const development = process.argv.includes("--dev");
/** How long a shutdown waits for running jobs. */
const JOBS_DRAIN_MS = 20_000;

async function loadProductionBuild(): Promise<ServerBuild> {
  const file = path.join(root, "build/server/index.js");
  if (!existsSync(file))
    throw new Error("No build found: run `npm run build` first (npm start does it for you).");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

async function main() {
  let config;
  try {
    // NODE_ENV as the operator set it: server/main.ts sets "production" for the libraries (React).
    config = await loadConfig({ ...process.env, NODE_ENV: process.env.REELTIME_CONFIGURED_NODE_ENV });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, bufferedStdout());
  const started = performance.now();

  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(dataDir, "db"),
  });
  await database.migrate();
  logger.info({ database: database.kind, ms: Math.round(performance.now() - started) }, "database migrated");
  await seedIfNeeded({ database, config, logger });

  const i18n = await loadMessageCatalog(path.join(root, "locales"));
  const metrics = createMetrics();

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  if (development) {
    const { createServer: createViteServer } = await import("vite");
    const vite = await createViteServer({ root, server: { middlewareMode: true } });
    viteMiddleware = vite.middlewares;
    build = async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  } else {
    build = await loadProductionBuild();
  }

  const services = createServices({ config, database, i18n, logger });
  await startJobs({ services, config, logger });
  const { listener } = createServerParts({
    config,
    database,
    services,
    logger,
    metrics,
    build,
    clientDirectory: development ? undefined : path.relative(process.cwd(), path.join(root, "build/client")),
  });
  const server: Server = createServer((req, res) => {
    if (viteMiddleware) viteMiddleware(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      { port: config.PORT, url: config.baseUrl, development, ms: Math.round(performance.now() - started) },
      "listening",
    );
  });

  // SIGTERM: stop accepting, let in-flight requests and running jobs finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Running jobs get JOBS_DRAIN_MS; any still running then are failed and retried (here or elsewhere).
    const jobsStopped = services.jobs
      .stop({ drainTimeoutMs: JOBS_DRAIN_MS })
      .catch((error: unknown) => logger.error({ err: error }, "stopping the job worker failed"));
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish within 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await jobsStopped;
      await services.mailer.close().catch(() => {});
      // Before the shared Redis connection and the database: it writes the last uses it still holds.
      await services.apiKeys.close().catch(() => {});
      // Metered API usage is written to the ledger before the database closes.
      await services.credits.meter
        .close()
        .catch((error: unknown) => logger.error({ err: error }, "writing metered usage failed"));
      await services.accounts.close().catch(() => {});
      await database
        .close()
        .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Reeltime failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
