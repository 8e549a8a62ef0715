// Backups on PostgreSQL, the steps README's "Backups and restores" documents: with DATABASE_URL set,
// `npm run cli -- backup` (pg_dump --format=custom plus the sealed auth secret) and `restore` (in one psql
// transaction: drop and recreate the schemas, then pg_restore's script), on a PostgreSQL server of the
// test's own. A seeded database (demo catalogue, a signed-in session, a feed with stored credentials,
// pg-boss's schema) round-trips with every table's rows and checksum equal, into a new database and into
// a freshly migrated one; the session stays valid and the credentials readable; a database with data is
// refused without --force and left as it was.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecrets, readBackupHeader, writeBackupFile } from "../../cli/backup/backup-file.ts";
import { findPostgresTool } from "../../cli/backup/postgres.ts";
import type { CliIo } from "../../cli/command.ts";
import { runCli } from "../../cli/main.ts";
import { decryptFeedCredentials, encryptFeedCredentials } from "../../core/ingest/feed-credentials.ts";
import { appJobKinds } from "../../core/jobs/job-kinds.ts";
import { testQueue } from "../../core/jobs/job-test-helpers.ts";
import { openPostgres } from "../../db/client.ts";
import { cinemas } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import { seedDemoAccounts } from "../../db/seed/seed-demo-accounts.ts";
import { type OwnPostgres, ownServicesMissing, startOwnPostgres } from "../helpers/own-services.ts";
import { BASE, signIn } from "../helpers/studio-test-app.ts";
import { tableChecksums, type TableChecksums } from "../helpers/table-checksums.ts";
import { createTestApp, seedSmallDemo } from "../helpers/test-app.ts";

const STEP_MS = 180_000;
const PASSPHRASE = "correct horse battery staple";
const CREDENTIALS = { type: "basic", username: "reeltime", password: "feed-pass-s3cret" } as const;

let server: OwnPostgres | undefined;
const dirs: string[] = [];

async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `reeltime-pg-backup-${name}-`));
  dirs.push(dir);
  return dir;
}

async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: () => {},
    cwd: tmpdir(),
    // PATH: pg_dump and pg_restore are looked up there (else in /usr/lib/postgresql/<n>/bin).
    env: { PATH: process.env.PATH, REELTIME_BACKUP_PASSPHRASE: PASSPHRASE, ...env },
  };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function checksumsOf(url: string): Promise<TableChecksums> {
  const database = await openPostgres(url, { max: 1 });
  try {
    return await tableChecksums((sql) => database.pool.query(sql));
  } finally {
    await database.close();
  }
}

/** Whom the session cookie signs in and the feed's credentials, by the app over `url` and DATA_DIR. */
async function sessionAndCredentials(url: string, dataDir: string) {
  const database = await openPostgres(url, { max: 4 });
  const app = await createTestApp(database, { env: { DATA_DIR: dataDir, BASE_URL: BASE } });
  try {
    const response = await app.app.request("/api/auth/get-session", { headers: { cookie: sessionCookie } });
    const session = (await response.json()) as { user?: { email: string } } | null;
    const [feed] = await database.db.select().from(sources).where(eq(sources.id, sourceId));
    const credentials = decryptFeedCredentials(
      feed!.credentialsEncrypted!,
      app.services.feeds.credentialsKey,
      sourceId,
    );
    return { email: session?.user?.email ?? null, credentials };
  } finally {
    await app.close();
    await database.close();
  }
}

let sourceUrl = "";
let sourceDataDir = "";
let backupFile = "";
let original: TableChecksums = {};
let sessionCookie = "";
let sourceId = "";
let email = "";

beforeAll(async () => {
  const missing = ownServicesMissing();
  if (missing) throw new Error(`the PostgreSQL backup test needs its own PostgreSQL server: ${missing}`);
  server = await startOwnPostgres();
  sourceUrl = await server.createDatabase("reeltime_source");
  sourceDataDir = await tempDir("source");
  const database = await openPostgres(sourceUrl, { max: 4 });
  await database.migrate();
  // pg-boss's schema, as a server's start creates it: the backup must carry it too.
  const jobs = testQueue(database, appJobKinds, { worker: false });
  await jobs.start();
  await jobs.stop();
  await seedSmallDemo(database, new Date(), 1);
  const app = await createTestApp(database, { env: { DATA_DIR: sourceDataDir, BASE_URL: BASE } });
  const admin = (await seedDemoAccounts(database.db)).find((account) => account.role === "admin")!;
  email = admin.email;
  sessionCookie = (await signIn(app.app, admin.email, admin.password))
    .split("; ")
    .filter((part) => part.startsWith("reeltime.session_token="))
    .join("; ");
  expect(sessionCookie).not.toBe("");
  const [cinema] = await database.db.select({ id: cinemas.id }).from(cinemas).limit(1);
  sourceId = randomUUID();
  await database.db.insert(sources).values({
    id: sourceId,
    name: "Lumière programme",
    format: "reeltime-json",
    location: "https://feeds.example.com/lumiere.json",
    cinemaId: cinema!.id,
    credentialsEncrypted: encryptFeedCredentials(CREDENTIALS, app.services.feeds.credentialsKey, sourceId),
  });
  await app.close();
  await database.close();
  original = await checksumsOf(sourceUrl);
  backupFile = path.join(await tempDir("files"), "reeltime.rtbackup");
}, STEP_MS);

afterAll(async () => {
  server?.destroy();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("backup and restore on PostgreSQL (pg_dump / pg_restore through the CLI)", () => {
  it(
    "round-trips into a new database: every table equal, the session valid, the credentials readable",
    async () => {
      const started = performance.now();
      const backup = await cli(["backup", "--out", backupFile], {
        DATABASE_URL: sourceUrl,
        DATA_DIR: sourceDataDir,
      });
      expect(backup.err).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.out).toMatch(/database: PostgreSQL \(pg_dump\)/);
      const backupMs = performance.now() - started;
      const secret = (await readFile(path.join(sourceDataDir, "auth-secret"), "utf8")).trim();
      expect((await readFile(backupFile)).includes(Buffer.from(secret))).toBe(false);

      const targetUrl = await server!.createDatabase("reeltime_target");
      // A DATA_DIR that does not exist yet, as on a new machine: the restore creates it.
      const targetDataDir = path.join(await tempDir("target"), "data");
      const restoreStarted = performance.now();
      const restore = await cli(["restore", "--from", backupFile], {
        DATABASE_URL: targetUrl,
        DATA_DIR: targetDataDir,
      });
      expect(restore.err).toBe("");
      expect(restore.code).toBe(0);
      const restoreMs = performance.now() - restoreStarted;
      expect(await readFile(path.join(targetDataDir, "auth-secret"), "utf8")).toBe(secret);

      const copy = await checksumsOf(targetUrl);
      expect(Object.keys(copy)).toEqual(Object.keys(original));
      expect(copy).toEqual(original);
      expect(Object.keys(copy).some((table) => table.startsWith("pgboss."))).toBe(true);
      expect(copy["public.sessions"]!.rows).toBe(1);
      expect(copy["public.sources"]!.rows).toBe(1);
      expect(copy["public.showtimes"]!.rows).toBeGreaterThan(0);
      console.log(
        `PostgreSQL round trip: ${Object.keys(copy).length} tables equal ` +
          `(${Object.values(copy).reduce((sum, table) => sum + table.rows, 0)} rows); ` +
          `backup ${Math.round(backupMs)} ms, restore ${Math.round(restoreMs)} ms`,
      );

      expect(await sessionAndCredentials(targetUrl, targetDataDir)).toEqual({
        email,
        credentials: CREDENTIALS,
      });
      // With another auth secret neither works: it is the restored secret that keeps them readable.
      expect(await sessionAndCredentials(targetUrl, await tempDir("other-secret"))).toEqual({
        email: null,
        credentials: null,
      });

      // A database with data: refused without --force, unchanged; replaced with it.
      const before = await checksumsOf(targetUrl);
      const refused = await cli(["restore", "--from", backupFile], {
        DATABASE_URL: targetUrl,
        DATA_DIR: targetDataDir,
      });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        /the database at DATABASE_URL holds data \(.*\): nothing was changed\. Run again with --force/,
      );
      expect(await checksumsOf(targetUrl)).toEqual(before);
      const forced = await cli(["restore", "--from", backupFile, "--force"], {
        DATABASE_URL: targetUrl,
        DATA_DIR: targetDataDir,
      });
      expect(forced.err).toBe("");
      expect(forced.code).toBe(0);
      expect(await checksumsOf(targetUrl)).toEqual(original);
    },
    STEP_MS,
  );

  it(
    "restores into a freshly migrated, empty database without --force; a dump that breaks half-way changes nothing",
    async () => {
      const freshUrl = await server!.createDatabase("reeltime_fresh");
      const fresh = await openPostgres(freshUrl, { max: 2 });
      await fresh.migrate();
      await fresh.close();
      const dataDir = await tempDir("fresh");
      const restore = await cli(["restore", "--from", backupFile], {
        DATABASE_URL: freshUrl,
        DATA_DIR: dataDir,
      });
      expect(restore.err).toBe("");
      expect(restore.code).toBe(0);
      expect(await checksumsOf(freshUrl)).toEqual(original);
      expect(await sessionAndCredentials(freshUrl, dataDir)).toEqual({ email, credentials: CREDENTIALS });

      // A file whose dump ends early (sealed and checksummed as a real one): pg_restore fails after psql
      // dropped the schemas and ran part of its script, and nothing of it may stay. Uncompressed, the
      // dump's rows are chunks of their own, so the script pg_restore writes stops at a whole row: psql
      // would commit it if its input simply ended.
      const opened = await readBackupHeader(backupFile);
      const files = path.dirname(backupFile);
      const dump = path.join(files, "uncompressed.dump");
      execFileSync(findPostgresTool("pg_dump", process.env), [
        "--format=custom",
        "--compress=0",
        `--file=${dump}`,
        `--dbname=${sourceUrl}`,
      ]);
      const whole = await readFile(dump);
      await writeFile(dump, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const broken = path.join(files, "broken.rtbackup");
      await writeBackupFile({
        out: broken,
        database: "postgres",
        payloadKind: "pg-dump-custom",
        payload: { file: dump },
        secrets: await openSecrets(opened.header, PASSPHRASE),
        passphrase: PASSPHRASE,
        now: new Date(),
      });
      const failed = await cli(["restore", "--from", broken, "--force"], {
        DATABASE_URL: freshUrl,
        DATA_DIR: dataDir,
      });
      expect(failed.code).toBe(1);
      expect(failed.err).toMatch(/restore failed: pg_restore failed/);
      expect(await checksumsOf(freshUrl)).toEqual(original);
    },
    STEP_MS,
  );

  it(
    "restores a dump taken with PostgreSQL's tools alone by README's three commands, the auth secret kept apart",
    async () => {
      const work = await tempDir("manual");
      const dump = path.join(work, "reeltime.dump");
      const script = path.join(work, "reeltime.sql");
      const targetUrl = await server!.createDatabase("reeltime_manual");
      // What an operator with their own dumps runs (README, "Backups and restores").
      execFileSync(findPostgresTool("pg_dump", process.env), [
        "--format=custom",
        `--file=${dump}`,
        sourceUrl,
      ]);
      execFileSync(findPostgresTool("pg_restore", process.env), [
        "--no-owner",
        "--no-acl",
        `--file=${script}`,
        dump,
      ]);
      execFileSync(
        findPostgresTool("psql", process.env),
        [
          targetUrl,
          "--single-transaction",
          "--set=ON_ERROR_STOP=1",
          "--command=DROP SCHEMA IF EXISTS pgboss, drizzle, public CASCADE; CREATE SCHEMA public;",
          `--file=${script}`,
        ],
        { stdio: "ignore" },
      );
      expect(await checksumsOf(targetUrl)).toEqual(original);
      // The secret is not in such a dump: with the original DATA_DIR's secret the data stays readable.
      expect(await sessionAndCredentials(targetUrl, sourceDataDir)).toEqual({
        email,
        credentials: CREDENTIALS,
      });
    },
    STEP_MS,
  );

  it("refuses an embedded-database backup and a wrong passphrase, leaving the database as it was", async () => {
    const url = await server!.createDatabase("reeltime_untouched");
    const before = await checksumsOf(url);
    const wrong = await cli(["restore", "--from", backupFile], {
      DATABASE_URL: url,
      DATA_DIR: await tempDir("untouched"),
      REELTIME_BACKUP_PASSPHRASE: "not the passphrase",
    });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/the passphrase does not open this backup/);
    const embedded = await cli(["restore", "--from", backupFile], { DATA_DIR: await tempDir("embedded") });
    expect(embedded.code).toBe(1);
    expect(embedded.err).toMatch(/this is a backup of a PostgreSQL database: set DATABASE_URL/);
    expect(await checksumsOf(url)).toEqual(before);
  });
});
