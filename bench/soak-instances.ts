// The soak's set-up and clean-up: its PostgreSQL database and its Redis (given, or made for the run), the
// two instances of the production build on them, and the clean-ups that undo each step in reverse.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Pool } from "undici";
import { startOwnRedis } from "../tests/helpers/own-services.ts";
import { log } from "./progress.ts";
import { AdminUnreachable, createScratchDatabase } from "./scratch-database.ts";
import { type RunningServer, startServer } from "./server.ts";
import { checkInterrupted } from "./soak-interruption.ts";
import { ADMIN_URL, CONNECTIONS, HEAP_MB, SoakError } from "./soak-settings.ts";
import { formatMs } from "./stats.ts";

export type Instance = {
  name: string;
  url: string;
  server: RunningServer;
  pool: Pool;
  logFile: string;
};

export type Cleanup = { label: string; run: () => Promise<void> };

/** SOAK_DATABASE_URL, or a fresh database on SOAK_ADMIN_DATABASE_URL dropped by a clean-up. */
export async function provideDatabase(cleanups: Cleanup[]): Promise<string> {
  if (process.env.SOAK_DATABASE_URL) return process.env.SOAK_DATABASE_URL;
  const database = await createScratchDatabase(ADMIN_URL, "reeltime_soak").catch((error: unknown) => {
    throw error instanceof AdminUnreachable
      ? new SoakError(
          `cannot reach PostgreSQL at ${ADMIN_URL} (${error.message}): set SOAK_ADMIN_DATABASE_URL or SOAK_DATABASE_URL`,
        )
      : error;
  });
  cleanups.push({ label: `drop database ${database.name}`, run: database.drop });
  return database.url;
}

/** SOAK_REDIS_URL, or a redis-server of the run's own on a free port, stopped by a clean-up. */
export async function provideRedis(cleanups: Cleanup[]): Promise<string> {
  if (process.env.SOAK_REDIS_URL) return process.env.SOAK_REDIS_URL;
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
  } catch {
    throw new SoakError("no redis-server on PATH: install Redis, or set SOAK_REDIS_URL to an empty Redis");
  }
  const redis = await startOwnRedis();
  cleanups.push({ label: "stop redis-server", run: () => redis.destroy() });
  return redis.url;
}

/** Instances A (with the job worker) and B on one database and one Redis, each with a connection pool. */
export async function startInstances(
  databaseUrl: string,
  redisUrl: string,
  workDir: string,
  cleanups: Cleanup[],
): Promise<Instance[]> {
  const authSecret = randomBytes(32).toString("hex");
  const instances: Instance[] = [];
  for (const [name, worker] of [
    ["A", true],
    ["B", false],
  ] as const) {
    checkInterrupted();
    const logFile = path.join(workDir, `server-${name}.log`);
    log(`starting instance ${name}${worker ? " (job worker)" : ""}; log: ${logFile}`);
    const server = await startServer({
      env: {
        DATA_DIR: path.join(workDir, `data-${name}`),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        // One secret for both: a session made on one instance is valid on the other.
        AUTH_SECRET: authSecret,
        SEED_DEMO: "false",
        WORKER: String(worker),
        // Sign-ins come from many addresses, forwarded as a proxy on loopback would (as tests/e2e does).
        TRUSTED_PROXIES: "loopback",
        NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
      },
      logFile,
      timeoutMs: 120_000,
    });
    const pool = new Pool(server.url, {
      connections: CONNECTIONS,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const instance = { name, url: server.url, server, pool, logFile };
    instances.push(instance);
    cleanups.push({
      label: `stop instance ${name}`,
      run: async () => {
        if (!pool.closed) await pool.close();
        await server.stop();
      },
    });
  }
  return instances;
}

/**
 * Stops each instance, timing it. The soak does so before it reads the ledger: each instance writes its
 * buffered usage as it shuts down.
 */
export async function stopInstances(instances: Instance[]) {
  for (const instance of instances) {
    const stopStarted = performance.now();
    if (!instance.pool.closed) await instance.pool.close();
    await instance.server.stop();
    log(`instance ${instance.name} stopped in ${formatMs(performance.now() - stopStarted)}`);
  }
}

/** The clean-ups in reverse order; one that fails is reported and the others still run. */
export async function runCleanups(cleanups: Cleanup[]) {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      process.stderr.write(
        `clean-up "${cleanup.label}" failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
}
