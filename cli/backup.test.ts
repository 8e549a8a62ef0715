// `npm run cli -- backup` / `restore` on the embedded database, in-process on real PGlite data directories:
// a seeded DATA_DIR (demo catalogue, demo accounts with a signed-in session, a feed with stored
// credentials) round-trips into a fresh DATA_DIR with every table's rows and checksum equal, the session
// still valid and the credentials still readable through the app; and every refusal (data without
// --force, a database in use, a wrong or short passphrase, a damaged file) changes nothing.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptFeedCredentials, encryptFeedCredentials } from "../core/ingest/feed-credentials.ts";
import { openPglite } from "../db/client.ts";
import { cinemas } from "../db/schema/catalog.ts";
import { sources } from "../db/schema/ingest.ts";
import { seedDemoAccounts } from "../db/seed/seed-demo-accounts.ts";
import { BASE, signIn } from "../tests/helpers/studio-test-app.ts";
import { tableChecksums, type TableChecksums } from "../tests/helpers/table-checksums.ts";
import { createTestApp, seedSmallDemo } from "../tests/helpers/test-app.ts";
import type { CliIo } from "./command.ts";
import { runCli } from "./main.ts";

/** Each restore derives a scrypt key and loads a data directory: generous on a loaded 2-core machine. */
const STEP_MS = 180_000;
const PASSPHRASE = "correct horse battery staple";
const CREDENTIALS = { type: "bearer", token: "feed-token-s3cret" } as const;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `reeltime-backup-${name}-`));
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
    env,
  };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Checksums of the embedded database in `databaseDir` (DATA_DIR/db). */
async function checksumsOf(databaseDir: string): Promise<TableChecksums> {
  const database = await openPglite({ dataDir: databaseDir });
  try {
    return await tableChecksums((sql) => database.client.query(sql));
  } finally {
    await database.close();
  }
}

/**
 * The app over the database in `databaseDir`, configured with `dataDir` (its auth-secret, generated when
 * missing): whom the session cookie signs in, and the feed's credentials as the app reads them.
 */
async function sessionAndCredentials(databaseDir: string, dataDir: string) {
  const database = await openPglite({ dataDir: databaseDir });
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

let seeded = "";
let backupFile = "";
let original: TableChecksums = {};
let sessionCookie = "";
let sourceId = "";
let email = "";
const env = (dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATA_DIR: dataDir,
  REELTIME_BACKUP_PASSPHRASE: PASSPHRASE,
  ...extra,
});

beforeAll(async () => {
  seeded = await tempDir("seeded");
  const database = await openPglite({ dataDir: path.join(seeded, "db") });
  await database.migrate();
  await seedSmallDemo(database, new Date(), 1);
  // The app generates DATA_DIR/auth-secret, as the server's first start does.
  const app = await createTestApp(database, { env: { DATA_DIR: seeded, BASE_URL: BASE } });
  const admin = (await seedDemoAccounts(database.db)).find((account) => account.role === "admin")!;
  email = admin.email;
  // Only the session token: the check must find the session row and verify the token's signature.
  sessionCookie = (await signIn(app.app, admin.email, admin.password))
    .split("; ")
    .filter((part) => part.startsWith("reeltime.session_token="))
    .join("; ");
  expect(sessionCookie).not.toBe("");
  const [cinema] = await database.db.select({ id: cinemas.id }).from(cinemas).limit(1);
  sourceId = randomUUID();
  await database.db.insert(sources).values({
    id: sourceId,
    name: "Kriterion programme",
    format: "reeltime-json",
    location: "https://feeds.example.com/kriterion.json",
    cinemaId: cinema!.id,
    credentialsEncrypted: encryptFeedCredentials(CREDENTIALS, app.services.feeds.credentialsKey, sourceId),
  });
  await app.close();
  original = await tableChecksums((sql) => database.client.query(sql));
  await database.close();
  backupFile = path.join(await tempDir("files"), "reeltime.rtbackup");
}, STEP_MS);

describe("npm run cli -- backup / restore (embedded database)", () => {
  it("lists both commands and explains them", async () => {
    const overview = await cli(["--help"], {});
    expect(overview.out).toMatch(/backup\s+back up the database and the auth secret/);
    expect(overview.out).toMatch(/restore\s+restore a backup file/);
    const help = await cli(["restore", "--help"], {});
    expect(help.out).toMatch(/--force\s+replace a database that holds data/);
    expect(help.out).toMatch(/server must not run on this DATA_DIR/);
  });

  it("refuses a missing or short passphrase, a database in use and an existing file, writing nothing", async () => {
    const missing = await cli(["backup", "--out", backupFile], { DATA_DIR: seeded });
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/a passphrase is required: give --passphrase-file <path> or set/);
    const short = await cli(
      ["backup", "--out", backupFile],
      env(seeded, { REELTIME_BACKUP_PASSPHRASE: "short" }),
    );
    expect(short.code).toBe(2);
    expect(short.err).toMatch(/the passphrase is too short: use at least 12 characters/);

    const running = await openPglite({ dataDir: path.join(seeded, "db") });
    try {
      const inUse = await cli(["backup", "--out", backupFile], env(seeded));
      expect(inUse.code).toBe(1);
      expect(inUse.err).toMatch(/is in use \(it holds postmaster\.pid\): stop the server/);
    } finally {
      await running.close();
    }
    expect(existsSync(backupFile)).toBe(false);
    expect(await readdir(path.dirname(backupFile))).toEqual([]);

    const taken = path.join(path.dirname(backupFile), "taken.rtbackup");
    await writeFile(taken, "mine");
    const exists = await cli(["backup", "--out", taken], env(seeded));
    expect(exists.code).toBe(2);
    expect(exists.err).toMatch(/already exists: choose another name or remove it/);
    expect(await readFile(taken, "utf8")).toBe("mine");
    await rm(taken);
  });

  it(
    "backs up into one file with the auth secret sealed, and restores it into a fresh DATA_DIR exactly",
    async () => {
      const passphraseFile = path.join(await tempDir("passphrase"), "passphrase");
      await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
      const backup = await cli(["backup", "--out", backupFile, "--passphrase-file", passphraseFile], {
        DATA_DIR: seeded,
      });
      expect(backup.err).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.out).toMatch(/auth secret: from DATA_DIR\/auth-secret, sealed with the passphrase/);
      expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
      const secret = (await readFile(path.join(seeded, "auth-secret"), "utf8")).trim();
      expect((await readFile(backupFile)).includes(Buffer.from(secret))).toBe(false);
      console.log(`backup file: ${((await stat(backupFile)).size / 1024 / 1024).toFixed(1)} MB`);

      const restored = await tempDir("restored");
      const restore = await cli(["restore", "--from", backupFile], env(restored));
      expect(restore.err).toBe("");
      expect(restore.code).toBe(0);
      expect(await readFile(path.join(restored, "auth-secret"), "utf8")).toBe(secret);
      expect((await stat(path.join(restored, "auth-secret"))).mode & 0o777).toBe(0o600);

      const copy = await checksumsOf(path.join(restored, "db"));
      expect(Object.keys(copy)).toEqual(Object.keys(original));
      expect(copy).toEqual(original);
      const counts = Object.fromEntries(Object.entries(copy).map(([table, { rows }]) => [table, rows]));
      expect(counts["public.showtimes"]).toBeGreaterThan(0);
      expect(counts["public.sessions"]).toBe(1);
      expect(counts["public.sources"]).toBe(1);
      console.log(`round trip: ${Object.keys(copy).length} tables equal, rows ${JSON.stringify(counts)}`);

      // The session and the credentials depend on the restored secret: with another one, neither works.
      const restoredDatabase = path.join(restored, "db");
      expect(await sessionAndCredentials(restoredDatabase, restored)).toEqual({
        email,
        credentials: CREDENTIALS,
      });
      const otherSecret = await tempDir("other-secret");
      expect(await sessionAndCredentials(restoredDatabase, otherSecret)).toEqual({
        email: null,
        credentials: null,
      });
    },
    STEP_MS,
  );

  it(
    "refuses a DATA_DIR whose database holds data without --force and changes nothing; --force keeps the old aside",
    async () => {
      const occupied = await tempDir("occupied");
      const database = await openPglite({ dataDir: path.join(occupied, "db") });
      await database.migrate();
      await database.client.query(
        "insert into countries (code, name, default_locale, time_zone, currency) " +
          "values ('BE', 'Belgium', 'nl', 'Europe/Brussels', 'EUR')",
      );
      await database.close();
      await writeFile(path.join(occupied, "auth-secret"), "the occupied installation's own secret", {
        mode: 0o600,
      });
      const before = await checksumsOf(path.join(occupied, "db"));

      const refused = await cli(["restore", "--from", backupFile], env(occupied));
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        /db holds data \(countries\): nothing was changed\. Run again with --force/,
      );
      expect(await checksumsOf(path.join(occupied, "db"))).toEqual(before);
      expect(await readFile(path.join(occupied, "auth-secret"), "utf8")).toBe(
        "the occupied installation's own secret",
      );
      expect((await readdir(occupied)).sort()).toEqual(["auth-secret", "db"]);

      const running = await openPglite({ dataDir: path.join(occupied, "db") });
      try {
        const inUse = await cli(["restore", "--from", backupFile, "--force"], env(occupied));
        expect(inUse.code).toBe(1);
        expect(inUse.err).toMatch(/is in use \(it holds postmaster\.pid\)/);
      } finally {
        await running.close();
      }
      expect(await checksumsOf(path.join(occupied, "db"))).toEqual(before);

      const forced = await cli(["restore", "--from", backupFile, "--force"], env(occupied));
      expect(forced.err).toBe("");
      expect(forced.code).toBe(0);
      expect(await checksumsOf(path.join(occupied, "db"))).toEqual(original);
      const entries = await readdir(occupied);
      const oldDatabase = entries.find((name) => name.startsWith("db.replaced-"));
      const oldSecret = entries.find((name) => name.startsWith("auth-secret.replaced-"));
      expect(forced.out).toContain(`kept as ${path.join(occupied, oldDatabase!)}`);
      expect(await readFile(path.join(occupied, oldSecret!), "utf8")).toBe(
        "the occupied installation's own secret",
      );
      expect(await checksumsOf(path.join(occupied, oldDatabase!))).toEqual(before);
    },
    STEP_MS,
  );

  it(
    "refuses a wrong passphrase, a damaged or foreign file and the wrong database kind, changing nothing",
    async () => {
      const target = await tempDir("untouched");
      const file = await readFile(backupFile);
      const headerEnd = file.indexOf(0x0a, file.indexOf(0x0a) + 1);
      const variant = async (name: string, bytes: Buffer) => {
        const variantFile = path.join(target, "..", `${path.basename(target)}-${name}`);
        dirs.push(variantFile);
        await writeFile(variantFile, bytes);
        return variantFile;
      };
      const flipped = (offset: number) => {
        const copy = Buffer.from(file);
        copy[offset] = copy[offset]! ^ 0x01;
        return copy;
      };
      const shaAt = file.indexOf(Buffer.from('"sha256":"')) + '"sha256":"'.length;
      const cases: [string, string, NodeJS.ProcessEnv, RegExp][] = [
        [
          "wrong passphrase",
          backupFile,
          { REELTIME_BACKUP_PASSPHRASE: "not the passphrase" },
          /the passphrase does not open this backup/,
        ],
        [
          "payload byte",
          await variant("payload", flipped(headerEnd + 1 + Math.floor((file.length - headerEnd) / 2))),
          {},
          /is damaged: the database dump does not match its checksum/,
        ],
        [
          "header checksum",
          await variant(
            "header",
            (() => {
              const copy = Buffer.from(file);
              copy[shaAt] = copy[shaAt] === 0x30 ? 0x31 : 0x30;
              return copy;
            })(),
          ),
          {},
          /the passphrase does not open this backup \(a wrong passphrase, or the file's header was altered\)/,
        ],
        [
          "truncated",
          await variant("truncated", file.subarray(0, file.length - 100)),
          {},
          /is damaged: .*\(truncated or appended to\)/,
        ],
        ["foreign", await variant("foreign", Buffer.from("PGDMP not ours")), {}, /is not a Reeltime backup/],
        [
          "newer format",
          await variant("newer", Buffer.concat([Buffer.from("REELTIME-BACKUP/2\n{}\n")])),
          {},
          /is a backup of format 2; this version reads format 1/,
        ],
        [
          "PostgreSQL target",
          backupFile,
          { DATABASE_URL: "postgres://127.0.0.1:1/none" },
          /backup of the embedded database: unset DATABASE_URL/,
        ],
        [
          "different AUTH_SECRET",
          backupFile,
          { AUTH_SECRET: "x".repeat(40) },
          /AUTH_SECRET is set and differs from the backup's auth secret/,
        ],
        [
          "unexpected FEED_CREDENTIALS_KEY",
          backupFile,
          { FEED_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString("base64") },
          /FEED_CREDENTIALS_KEY is set, but the backup was made without it/,
        ],
      ];
      for (const [name, from, extra, message] of cases) {
        const result = await cli(["restore", "--from", from], env(target, extra));
        expect(result.code, name).toBe(1);
        expect(result.err, name).toMatch(message);
        expect(await readdir(target), name).toEqual([]);
      }
    },
    STEP_MS,
  );
});
