// `npm run soak`: two server instances (the production build, as `npm start` runs it) on one PostgreSQL
// and one Redis, the first with the job worker, under mixed traffic for SOAK_MINUTES: the public API with
// secret keys of several clients, cached (the same queries again) and uncached (a distinct query each
// time), the change feed followed by its cursor, the home page, film and cinema pages, the widget (its
// script, its showtimes with a publishable key from a registered origin, its usage reports) and a small
// share of sign-ins (sign in on one instance, open the studio and sign out on the other). A bounded
// number of keep-alive connections, each one request at a time, alternating between the instances.
//
// It prints a line every minute and at the end: throughput, p50 / p99 and statuses per route group,
// every 5xx and transport error with its path, each instance's RSS and event-loop delay (from
// /metrics), PostgreSQL connections to the soak's database, and each client's balance beside its ledger
// sum and the credits its answers said they cost. It fails (exit 1) on any 5xx or transport error, a
// balance unequal to its ledger sum, credits charged unequal to the credits the answers stated, or an
// instance whose RSS level at the end (the median of the last three minute samples) is above the level
// after the warm-up by more than the bound (RSS_BOUND; docs/reliability.md).
// It stops the instances and drops its database even when interrupted (Ctrl-C).
//
// Knobs (environment):
//   SOAK_MINUTES          minutes of traffic, warm-up included (10)
//   SOAK_CONNECTIONS      concurrent keep-alive connections over both instances (24)
//   SOAK_HEAP_MB          each instance's V8 heap limit (--max-old-space-size, 512)
//   SOAK_CLIENTS          API clients, each with a secret and a publishable key (8)
//   SOAK_DATABASE_URL     an empty PostgreSQL database to use (kept); default: a fresh one created and
//                         dropped on SOAK_ADMIN_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)
//   SOAK_REDIS_URL        an empty Redis of the soak's own (the server has no key prefix setting); default:
//                         a redis-server started on a free port for the run
//   SOAK_KEEP=1           keeps the server logs (kept anyway when the soak fails)
//
// Where each step lives: the knobs, bench/soak-settings.ts; the database, Redis and instances,
// bench/soak-instances.ts; the data, bench/soak-seed.ts; the traffic, bench/soak-traffic.ts (sent by
// bench/soak-sender.ts, counted in bench/soak-stats.ts) driven by bench/soak-drive.ts; the metrics and the
// ledger, bench/soak-monitoring.ts; the report, bench/soak-report.ts.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPostgres } from "../db/client.ts";
import { errorDetail, log } from "./progress.ts";
import { drive } from "./soak-drive.ts";
import {
  type Cleanup,
  provideDatabase,
  provideRedis,
  runCleanups,
  startInstances,
  stopInstances,
} from "./soak-instances.ts";
import { checkInterrupted, interruption, interruptOnSignals } from "./soak-interruption.ts";
import { creditRows, serverLogLines } from "./soak-monitoring.ts";
import { soakReport } from "./soak-report.ts";
import { type SoakData, seedSoakData } from "./soak-seed.ts";
import { Sender } from "./soak-sender.ts";
import { CLIENTS, CONNECTIONS, CREDITS_PER_CLIENT, MINUTES, SoakError } from "./soak-settings.ts";
import { Traffic } from "./soak-traffic.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Migrates the database and writes the soak's data into it, before any instance starts. */
async function seedDatabase(databaseUrl: string, now: Date): Promise<SoakData> {
  log("migrating and seeding the demo data, accounts and API clients…");
  const handle = await openPostgres(databaseUrl, { max: 2 });
  try {
    await handle.migrate();
    return await seedSoakData(handle.db, { clients: CLIENTS, credits: CREDITS_PER_CLIENT, now });
  } finally {
    await handle.close();
  }
}

/** The soak's own connection to its database, for the connection counts and the ledger. */
async function openMonitor(databaseUrl: string, cleanups: Cleanup[]) {
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  cleanups.push({ label: "close the monitoring connection", run: () => monitor.end() });
  return monitor;
}

/** failed: a FAIL line was printed (the server logs are kept). */
type Outcome = { exitCode: number; failed: boolean };

/** Set up, probe, drive the traffic, stop the instances and report. */
async function soak(workDir: string, cleanups: Cleanup[], runStarted: Date): Promise<Outcome> {
  const redisUrl = await provideRedis(cleanups);
  const databaseUrl = await provideDatabase(cleanups);
  log(`database ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}`);
  checkInterrupted();
  const data = await seedDatabase(databaseUrl, runStarted);
  const instances = await startInstances(databaseUrl, redisUrl, workDir, cleanups);
  const monitor = await openMonitor(databaseUrl, cleanups);

  const sender = new Sender(instances);
  const traffic = new Traffic(sender, data, runStarted);
  log("probing every kind of call on both instances…");
  await traffic.probe();
  log(
    `${data.filmSlugs.length} film pages, ${data.cinemaSlugs.length} cinema pages, ${data.places.length} cities; mix: ${traffic.mixText()}`,
  );
  checkInterrupted();

  const run = await drive(traffic, sender, monitor);
  const interrupted = interruption.signal.aborted;
  // Stopped before the ledger is read: each instance writes its buffered usage as it shuts down.
  await stopInstances(instances);
  const credits = await creditRows(monitor);
  const lines = soakReport(sender, run, credits, interrupted);
  lines.push(...(await serverLogLines(instances)));
  const failed = lines.some((line) => line.startsWith("FAIL"));
  lines.push(
    interrupted
      ? "INTERRUPTED: the figures cover the traffic until then."
      : failed
        ? "SOAK FAILED (see the FAIL lines above)."
        : "SOAK PASSED.",
  );
  process.stdout.write(`\n${lines.join("\n")}\n`);
  return { exitCode: interrupted ? 130 : failed ? 1 : 0, failed };
}

async function main(): Promise<number> {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    process.stderr.write("There is no production build in build/: run `npm run build` first.\n");
    return 1;
  }
  const runStarted = new Date();
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ${MINUTES} min of traffic, ${CONNECTIONS} connections, ${CLIENTS} API clients`,
  );
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reeltime-soak-"));
  const cleanups: Cleanup[] = [];
  let failed = true;
  try {
    const outcome = await soak(workDir, cleanups, runStarted);
    failed = outcome.failed;
    return outcome.exitCode;
  } catch (error) {
    process.stderr.write(`soak: ${error instanceof SoakError ? error.message : errorDetail(error)}\n`);
    return interruption.signal.aborted ? 130 : 1;
  } finally {
    await runCleanups(cleanups);
    if (failed || process.env.SOAK_KEEP) log(`server logs kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

interruptOnSignals();
process.exitCode = await main();
