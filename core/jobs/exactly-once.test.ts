// Two worker processes on one PostgreSQL share 200 queued import jobs (200 feeds, each an uploaded file
// with one showtime, imported by the server's real handler): every job finishes, each runs exactly once,
// each feed has exactly one run and its one showtime. PostgreSQL only (TEST_DATABASE_URL): PGlite is one
// process's embedded database.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { once } from "node:events";
import pino from "pino";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase, testDatabaseKind } from "../../tests/helpers/test-db.ts";
import { sources, sourceUploads } from "../../db/schema/ingest.ts";
import { createCinema, ensureCountry } from "../catalog/test-helpers.ts";
import { appJobKinds } from "./job-kinds.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** `count` feeds on one cinema, each an uploaded native file listing one showtime of its own. */
async function createUploadedFeeds(handle: DatabaseHandle, count: number): Promise<string[]> {
  const { db } = handle;
  await ensureCountry(db, "NL", "Netherlands");
  const cinemaId = await createCinema(db);
  const made = await db
    .insert(sources)
    .values(
      Array.from({ length: count }, (_, n) => ({
        name: `Feed ${n}`,
        format: "reeltime-json" as const,
        location: "upload",
        cinemaId,
      })),
    )
    .returning({ id: sources.id });
  await db.insert(sourceUploads).values(
    made.map(({ id }, n) => {
      const content = JSON.stringify({
        showtimes: [{ id: `S${n}`, title: `Film ${n}`, startsAt: "2031-05-01T20:00" }],
      });
      return { sourceId: id, fileName: `feed-${n}.json`, content, bytes: content.length };
    }),
  );
  return made.map(({ id }) => id);
}
const JOBS = 200;

let database: DatabaseHandle | undefined;
let producer: JobQueue<typeof appJobKinds> | undefined;
const workers: ChildProcess[] = [];
afterAll(async () => {
  for (const child of workers) if (child.exitCode === null) child.kill("SIGKILL");
  await producer?.stop();
  await database?.close();
}, 60_000);

function startWorker(url: string) {
  const child = spawn(process.execPath, [path.join(root, "tests/helpers/job-worker-process.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited (${code}) before it was ready: ${stderr}`)));
  });
  return { child, ready, stderr: () => stderr };
}

it.skipIf(testDatabaseKind() !== "postgres")(
  "two worker processes run 200 queued import jobs, each exactly once (PostgreSQL only: set TEST_DATABASE_URL)",
  { timeout: 180_000 },
  async () => {
    database = await createTestDatabase();
    if (database.connection.kind !== "postgres") throw new Error("expected PostgreSQL");
    const url = database.connection.url;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await admin.query("CREATE TABLE job_runs (job_id uuid NOT NULL, pid integer NOT NULL)");
      producer = createJobQueue({
        database,
        kinds: appJobKinds,
        logger: pino({ level: "silent" }),
        worker: false,
      });
      // Installs pg-boss's schema before the workers race to do it.
      await producer.start();

      const a = startWorker(url);
      const b = startWorker(url);
      await Promise.all([a.ready, b.ready]);

      const sourceIds = await createUploadedFeeds(database, JOBS);
      const ids = await Promise.all(
        sourceIds.map((sourceId) => producer!.enqueue("import-feed", { sourceId })),
      );
      expect(new Set(ids).size).toBe(JOBS);

      await expect
        .poll(
          async () => (await producer!.list({ limit: 1000, kind: "import-feed", state: "completed" })).length,
          {
            timeout: 120_000,
            interval: 500,
          },
        )
        .toBe(JOBS);

      const { rows: runs } = await admin.query<{ job_id: string; runs: number }>(
        "SELECT job_id, count(*)::int AS runs FROM job_runs GROUP BY job_id",
      );
      expect(runs.filter((r) => r.runs !== 1)).toEqual([]);
      expect(runs.map((r) => r.job_id).sort()).toEqual([...ids].sort());
      // Both processes took part.
      const { rows: byProcess } = await admin.query<{ pid: number; runs: number }>(
        "SELECT pid, count(*)::int AS runs FROM job_runs GROUP BY pid",
      );
      expect(byProcess.map((r) => r.pid).sort()).toEqual([a.child.pid, b.child.pid].sort());

      // The imports themselves: one run per feed, every one succeeded, one showtime each.
      const { rows: imports } = await admin.query<{ source_id: string; runs: number; succeeded: number }>(
        "SELECT source_id, count(*)::int AS runs, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM import_runs GROUP BY source_id",
      );
      expect(imports).toHaveLength(JOBS);
      expect(imports.filter((r) => r.runs !== 1 || r.succeeded !== 1)).toEqual([]);
      const { rows: shows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM showtimes");
      expect(shows[0]!.n).toBe(JOBS);

      // A graceful stop: both exit on SIGTERM.
      for (const { child } of [a, b]) {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        const [code] = (await exited) as [number | null];
        expect(code).toBe(0);
      }
    } finally {
      await admin.end();
    }
  },
);
