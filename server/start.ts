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
import { createServices } from "./create-services.ts";
import { seedIfNeeded } from "./seed-on-start.ts";
import { createShutdown, type Lifecycle } from "./shutdown.ts";

const root = path.resolve(import.meta.dirname, "..");
const development = process.argv.includes("--dev");

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
  // A configured Redis gets a moment to connect; without it the instance starts on its own memory.
  await services.redis?.settled(2_000);
  const lifecycle: Lifecycle = { stopping: false };
  await startJobs({ services, config, logger });
  const { listener } = createServerParts({
    lifecycle,
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

  const shutdown = createShutdown({ server, services, database, logger, lifecycle });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Reeltime failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
