// SIGKILL during an import (issue 23, docs/decisions/011-jobs-on-pg-boss.md): a real server (`node
// server/main.ts`, its worker on) imports a 100,000-row feed served from 127.0.0.1 and is killed while the
// import's transaction is writing. A second server takes over: the job's lease is lost (its heartbeat
// stopped), the run shows "interrupted, retrying" instead of "running", the retry starts within
// RETRY_BOUND_SECONDS of the kill, and the end state equals an uninterrupted import of the same feed
// into another fresh database (row count and a checksum of every showtime by its natural keys, the runs'
// counts, the missing links). PostgreSQL pass only: the kill needs a database outside the process.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, expect, it } from "vitest";
import { createApiResponseCache } from "../../core/cache/response-cache.ts";
import { queryRows } from "../../core/shared/db-rows.ts";
import { withLeaseStatus } from "../../core/ingest/import-run-leases.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../../core/ingest/fetch-feed.ts";
import { runImport } from "../../core/ingest/run-import.ts";
import { appJobKinds } from "../../core/jobs/job-kinds.ts";
import { createJobQueue, type JobQueue } from "../../core/jobs/job-queue.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { attributes, cinemas, countries, movies } from "../../db/schema/catalog.ts";
import { importRuns, sources } from "../../db/schema/ingest.ts";
import { freePort } from "../../scripts/free-port.ts";
import { createTestDatabase, testDatabaseKind } from "../helpers/test-db.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The product's bound (issue 23): a dead worker's import runs again within a minute of the kill. */
const RETRY_BOUND_SECONDS = 60;
const ROWS = 100_000;
const CINEMAS = 50;
const FILMS = 200;

/** A native CSV feed: CINEMAS cinemas by site id, FILMS films (some decorated), every 40th title unknown. */
function generateFeed(rows: number): string {
  const lines = ["id,cinema_id,title,starts_at,attributes,audio_language,subtitles,price_min,currency"];
  const perCinema = Math.ceil(rows / CINEMAS);
  for (let n = 0; n < rows; n += 1) {
    const cinema = Math.floor(n / perCinema);
    const slot = n % perCinema;
    const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(slot / 10) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const time = `${String(12 + (slot % 10)).padStart(2, "0")}:${String((slot % 10) * 5).padStart(2, "0")}`;
    const title =
      n % 40 === 0 ? `Unknown Picture ${n % 7}` : `Fault Picture ${(n * 7) % FILMS}${n % 3 ? "" : " (OV)"}`;
    lines.push(
      `K${n},S${String(cinema).padStart(3, "0")},${title},${day}T${time},${n % 5 === 0 ? "3D" : ""},en,nl,${900 + (n % 400)},EUR`,
    );
  }
  return lines.join("\n");
}

/** The same catalogue in each database: the country, the cinemas, the films, the 3D attribute, the feed. */
async function seed(handle: DatabaseHandle, feedUrl: string): Promise<string> {
  const { db } = handle;
  await db
    .insert(countries)
    .values({
      code: "NL",
      name: "Netherlands",
      defaultLocale: "nl",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    })
    .onConflictDoNothing();
  await db.insert(cinemas).values(
    Array.from({ length: CINEMAS }, (_, n) => ({
      name: `Fault Cinema ${n}`,
      slug: `fault-cinema-${n}`,
      city: "Utrecht",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
      posSiteId: `S${String(n).padStart(3, "0")}`,
    })),
  );
  await db.insert(movies).values(
    Array.from({ length: FILMS }, (_, n) => ({
      title: `Fault Picture ${n}`,
      slug: `fault-picture-${n}`,
      year: 2031,
    })),
  );
  await db
    .insert(attributes)
    .values({ code: "3d", category: "format", names: { en: "3D" } })
    .onConflictDoNothing();
  const [source] = await db
    .insert(sources)
    .values({ name: "Fault feed", format: "reeltime-csv", location: feedUrl, isComplete: true })
    .returning({ id: sources.id });
  return source!.id;
}

/** Every showtime by its natural keys (no ids: they differ between databases), in one checksum. */
async function importedState(handle: DatabaseHandle) {
  const [state] = await queryRows<{ showtimes: number; unmatched: number; checksum: string }>(
    handle.db,
    sql`
    SELECT count(*)::int AS showtimes, count(*) FILTER (WHERE s.movie_id IS NULL)::int AS unmatched,
      md5(coalesce(string_agg(row(s.source_ref, c.pos_site_id, m.slug, s.feed_title,
        s.starts_at AT TIME ZONE 'UTC', s.attributes, s.audio_language, s.subtitle_languages,
        s.price_min, s.price_max, s.currency, s.status, s.availability)::text, E'\n' ORDER BY s.source_ref), ''))
        AS checksum
    FROM showtimes s JOIN cinemas c ON c.id = s.cinema_id LEFT JOIN movies m ON m.id = s.movie_id`,
  );
  const [links] = await queryRows<{ titles: string | null }>(
    handle.db,
    sql`SELECT string_agg(normalized_title, ',' ORDER BY normalized_title) AS titles FROM missing_links`,
  );
  return { ...state!, missingLinks: links!.titles };
}

/** A server instance with its worker on; resolves once /readyz answers. */
async function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "worker-sigkill-test-secret-of-forty-chars",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      WORKER: "true",
      LOG_LEVEL: "warn",
      FEED_ALLOWED_PRIVATE_HOSTS: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not become ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** Polls `probe` until it returns a value (not undefined), or fails naming `what`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}, 60_000);

it.skipIf(testDatabaseKind() !== "postgres")(
  "a worker killed mid-import: the lease is lost, the run shows interrupted, the retry starts within the bound and ends as an uninterrupted import",
  { timeout: 170_000 },
  async () => {
    const feed = generateFeed(ROWS);
    let feedsServed = 0;
    const feedServer: Server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/csv" });
      response.end(feed, () => (feedsServed += 1));
    });
    feedServer.listen(0, "127.0.0.1");
    await once(feedServer, "listening");
    cleanups.push(async () => feedServer.close());
    const address = feedServer.address();
    const feedUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/feed.csv`;

    const [killed, reference] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    cleanups.push(
      () => killed.close(),
      () => reference.close(),
    );
    if (killed.connection.kind !== "postgres") throw new Error("expected PostgreSQL");
    const sourceId = await seed(killed, feedUrl);
    const referenceSourceId = await seed(reference, feedUrl);
    const dataDir = await mkdtemp(path.join(tmpdir(), "reeltime-sigkill-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    // Reads the jobs as the studio does (no worker of its own).
    const jobs: JobQueue<typeof appJobKinds> = createJobQueue({
      database: killed,
      kinds: appJobKinds,
      logger: pino({ level: "silent" }),
      worker: false,
    });
    cleanups.push(() => jobs.stop());
    await jobs.start();

    const first = await startServer(killed.connection.url, dataDir);
    const jobId = await jobs.enqueue("import-feed", { sourceId, trigger: "manual" });
    // Mid-import: the feed was read and the run's transaction is writing showtimes.
    await until(
      "the import writing showtimes",
      async () => {
        const [writing] = await queryRows<{ n: number }>(
          killed.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND xact_start IS NOT NULL AND query ILIKE '%insert into showtimes%'`,
        );
        return feedsServed > 0 && writing!.n > 0 ? true : undefined;
      },
      90_000,
    );
    first.kill("SIGKILL");
    const killedAt = Date.now();
    await once(first, "exit");

    // Killed part way: nothing of the run's one transaction is left, and the run is still stored as running.
    const [interrupted] = await killed.db.select().from(importRuns).where(eq(importRuns.sourceId, sourceId));
    expect(interrupted?.status).toBe("running");
    expect((await importedState(killed)).showtimes).toBe(0);

    // The uninterrupted import of the same feed, into the other database, while the lease runs out.
    const referenceRun = runImport(
      {
        db: reference.db,
        now: () => new Date(),
        apiCache: createApiResponseCache(),
        feeds: {
          fetch: { ...DEFAULT_FEED_FETCH_SETTINGS, allowedPrivateHosts: ["127.0.0.1"] },
          credentialsKey: Buffer.alloc(32),
        },
      },
      { sourceId: referenceSourceId, trigger: "manual" },
    );
    // The second instance starts at once (as a supervisor restarting the process would); meanwhile the
    // run shows "running" while the dead worker's lease lasts, then "interrupted, retrying"; the job is
    // failed by its heartbeat and retried.
    const second = startServer(killed.connection.url, dataDir).then((child) => ({
      child,
      readyAt: Date.now(),
    }));
    second.catch(() => {}); // awaited below: a failed start fails the test there
    const seconds = (at: number | undefined) =>
      at === undefined ? "never" : `${((at - killedAt) / 1000).toFixed(1)} s`;
    let shownRetryingAt: number | undefined;
    let failedAt: number | undefined;
    let heartbeatFailure: string | null = null;
    const retryRun = await until(
      "the retry's run",
      async () => {
        const runs = await killed.db.select().from(importRuns).where(eq(importRuns.sourceId, sourceId));
        const job = await jobs.get(jobId);
        if (job?.state === "retry") {
          failedAt ??= Date.now();
          heartbeatFailure = job.error;
        }
        const old = runs.find((run) => run.id === interrupted!.id)!;
        const [shown] = await withLeaseStatus(jobs, [old]);
        if (shown!.status === "retrying") shownRetryingAt ??= Date.now();
        return runs.find((run) => run.id !== interrupted!.id);
      },
      (RETRY_BOUND_SECONDS + 30) * 1000,
    );
    const retrySeconds = (retryRun.startedAt.getTime() - killedAt) / 1000;
    console.log(
      `SIGKILL during a ${ROWS}-row import: after the kill, shown "interrupted, retrying" ${seconds(shownRetryingAt)}, ` +
        `job failed by its heartbeat ${seconds(failedAt)}, second instance ready ${seconds((await second).readyAt)}, ` +
        `retry started ${retrySeconds.toFixed(1)} s (bound ${RETRY_BOUND_SECONDS} s)`,
    );
    expect(shownRetryingAt).toBeDefined();
    expect(heartbeatFailure).toBe("job heartbeat timeout");
    expect(retrySeconds).toBeLessThanOrEqual(RETRY_BOUND_SECONDS);

    // The retry closed the interrupted run, and finishes the import.
    const done = await until(
      "the retry's job completed",
      async () => {
        const job = await jobs.get(jobId);
        return job?.state === "completed" ? job : undefined;
      },
      120_000,
    );
    expect(done.attempts).toBe(2);
    const runs = await killed.db.select().from(importRuns).where(eq(importRuns.sourceId, sourceId));
    const old = runs.find((run) => run.id === interrupted!.id)!;
    expect(old).toMatchObject({ status: "failed", errorSummary: "ingest.problem.interrupted" });
    const [shownOld] = await withLeaseStatus(jobs, [old]);
    expect(shownOld!.status).toBe("failed");
    const retried = runs.find((run) => run.id === retryRun.id)!;

    // The same end state as the uninterrupted import.
    const uninterrupted = await referenceRun;
    expect(uninterrupted.status).toBe("succeeded");
    expect(retried.status).toBe("succeeded");
    expect(retried.counts).toEqual(uninterrupted.counts);
    expect(uninterrupted.counts.inserted).toBe(ROWS);
    const [after, expected] = await Promise.all([importedState(killed), importedState(reference)]);
    console.log(
      `end state: ${after.showtimes} showtimes (${after.unmatched} unmatched), checksum ${after.checksum}; uninterrupted: ${expected.showtimes} (${expected.unmatched}), ${expected.checksum}`,
    );
    expect(after).toEqual(expected);
    (await second).child.kill("SIGKILL");
  },
);
