// Two server instances (the real start-up script, `server/main.ts`, each with its worker on) on one
// PostgreSQL share 200 queued import jobs (200 feeds, each an uploaded file with one showtime, imported by
// the server's real handler): every job finishes, each runs exactly once (each instance logs a "job done"
// line per job it ran), each feed has exactly one run and its one showtime. PostgreSQL only
// (TEST_DATABASE_URL): PGlite is one process's embedded database.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import pino from "pino";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase, testDatabaseKind } from "../../tests/helpers/test-db.ts";
import { sources, sourceUploads } from "../../db/schema/ingest.ts";
import { createCinema, ensureCountry } from "../catalog/catalog-test-helpers.ts";
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
const servers: ChildProcess[] = [];
let dataDir = "";
afterAll(async () => {
  for (const child of servers) if (child.exitCode === null) child.kill("SIGKILL");
  await producer?.stop();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** A server instance over `url`, its worker on; returns once /readyz answers. */
async function startServer(url: string, directory: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATABASE_URL: url,
      // instances of one deployment share their secret; DATA_DIR kept out of the checkout
      AUTH_SECRET: "exactly-once-test-secret-of-forty-chars!",
      DATA_DIR: directory,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      WORKER: "true",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, "exit");
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not become ready: ${stderr || stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  /** the import jobs this instance ran, from its "job done" log lines */
  const jobsDone = () =>
    stdout
      .split("\n")
      .filter((line) => line.includes('"job done"'))
      .map((line) => JSON.parse(line) as { kind: string; jobId: string })
      .filter((line) => line.kind === "import-feed")
      .map((line) => line.jobId);
  return { child, exited, jobsDone };
}

it.skipIf(testDatabaseKind() !== "postgres")(
  "two server instances run 200 queued import jobs, each exactly once (PostgreSQL only: set TEST_DATABASE_URL)",
  { timeout: 400_000 },
  async () => {
    database = await createTestDatabase();
    if (database.connection.kind !== "postgres") throw new Error("expected PostgreSQL");
    const url = database.connection.url;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    try {
      producer = createJobQueue({
        database,
        kinds: appJobKinds,
        logger: pino({ level: "silent" }),
        worker: false,
      });
      // Installs pg-boss's schema before the workers race to do it.
      await producer.start();

      dataDir = await mkdtemp(path.join(tmpdir(), "reeltime-exactly-once-"));
      const [a, b] = await Promise.all([startServer(url, dataDir), startServer(url, dataDir)]);

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

      // Each job ran once, in one instance or the other, and both took part.
      const ran = [...a.jobsDone(), ...b.jobsDone()];
      expect(ran).toHaveLength(JOBS);
      expect(ran.toSorted()).toEqual([...ids].sort());
      expect(a.jobsDone().length).toBeGreaterThan(0);
      expect(b.jobsDone().length).toBeGreaterThan(0);

      // The imports themselves: one run per feed, every one succeeded, one showtime each.
      const { rows: imports } = await admin.query<{ source_id: string; runs: number; succeeded: number }>(
        "SELECT source_id, count(*)::int AS runs, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM import_runs GROUP BY source_id",
      );
      expect(imports).toHaveLength(JOBS);
      expect(imports.filter((r) => r.runs !== 1 || r.succeeded !== 1)).toEqual([]);
      const { rows: shows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM showtimes");
      expect(shows[0]!.n).toBe(JOBS);

      // A graceful stop: both exit on SIGTERM.
      for (const { child, exited } of [a, b]) {
        child.kill("SIGTERM");
        const [code] = (await exited) as [number | null];
        expect(code).toBe(0);
      }
    } finally {
      await admin.end();
    }
  },
);
