// npm run cli -- backup --out FILE [--passphrase-file PATH]: the database (the embedded one in DATA_DIR/db,
// or DATABASE_URL's through pg_dump) and the auth secret, sealed with a passphrase, in one file
// (cli/backup/backup-file.ts describes it). `restore` puts it back.
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeBackupFile } from "../backup/backup-file.ts";
import { dumpEmbeddedDatabase, embeddedDatabaseDir } from "../backup/embedded.ts";
import { dumpPostgresDatabase, PG_DUMP_ARGS } from "../backup/postgres.ts";
import { currentSecrets, MIN_PASSPHRASE_LENGTH, PASSPHRASE_ENV, readPassphrase } from "../backup/secrets.ts";
import { type CliCommand, type CliIo, CliUsageError, EXIT } from "../command.ts";
import { cliDatabaseSettings } from "../database.ts";

const help = `Usage: npm run cli -- backup --out <file> [--passphrase-file <path>]

Writes one backup file: the database and the auth secret the data depends on (it signs sessions and
derives the key stored feed credentials are encrypted with), the secret sealed with a passphrase
(AES-256-GCM, key from scrypt). The database part is not encrypted: keep the file as safe as the
database itself, and the passphrase apart from it. Restore it with \`npm run cli -- restore\`.

  embedded database (no DATABASE_URL): DATA_DIR/db's data directory. Stop the server on this DATA_DIR
                    first; the backup refuses a database that is in use.
  PostgreSQL (DATABASE_URL set): \`pg_dump ${PG_DUMP_ARGS.join(" ")}\` of that database, taken while the
                    servers run (pg_dump reads one consistent snapshot). pg_dump comes from PATH or
                    /usr/lib/postgresql/<n>/bin and must be of the server's major version or newer.

The auth secret is AUTH_SECRET when set, else DATA_DIR/auth-secret. FEED_CREDENTIALS_KEY, when you set
one, is not in the file: keep it with your other secrets (restore checks it is the same).
DATA_DIR/outbox (mail written without SMTP) is not backed up.

Options:
  --out <file>              the backup file to write; it must not exist yet (written with mode 0600)
  --passphrase-file <path>  a file holding the passphrase (one trailing line break is ignored);
                            without it, the environment variable ${PASSPHRASE_ENV}.
                            At least ${MIN_PASSPHRASE_LENGTH} characters.

Example:
  ${PASSPHRASE_ENV}='…' npm run cli -- backup --out /backups/reeltime-$(date +%F).rtbackup`;

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { out: { type: "string" }, "passphrase-file": { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function run(args: string[], io: CliIo): Promise<number> {
  const values = options(args);
  if (!values.out?.trim()) throw new CliUsageError("--out is required");
  const out = path.resolve(io.cwd, values.out);
  if (existsSync(out)) throw new CliUsageError(`${out} already exists: choose another name or remove it`);
  const directory = await stat(path.dirname(out)).catch(() => undefined);
  if (!directory?.isDirectory()) throw new CliUsageError(`no such directory: ${path.dirname(out)}`);
  const passphrase = await readPassphrase(
    { passphraseFile: values["passphrase-file"], env: io.env, cwd: io.cwd },
    "backup",
  );
  const settings = cliDatabaseSettings(io.env, io.cwd);
  const secrets = await currentSecrets(io.env, settings.dataDir);

  io.progress("dumping the database…");
  let header;
  if (!settings.databaseUrl) {
    const payload = await dumpEmbeddedDatabase(embeddedDatabaseDir(settings.dataDir));
    io.progress("writing the backup…");
    header = await writeBackupFile({
      out,
      database: "pglite",
      payloadKind: "pglite-datadir-tar-gzip",
      payload,
      secrets,
      passphrase,
      now: new Date(),
    });
  } else {
    const scratch = await mkdtemp(path.join(tmpdir(), "reeltime-backup-"));
    try {
      const dump = path.join(scratch, "database.dump");
      await dumpPostgresDatabase(settings.databaseUrl, dump, io.env);
      io.progress("writing the backup…");
      header = await writeBackupFile({
        out,
        database: "postgres",
        payloadKind: "pg-dump-custom",
        payload: { file: dump },
        secrets,
        passphrase,
        now: new Date(),
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  io.progress("");
  io.out(`Backup written: ${out}`);
  io.out(
    `  database: ${header.database === "pglite" ? "embedded (DATA_DIR/db)" : "PostgreSQL (pg_dump)"}, ` +
      `${megabytes(header.payload.bytes)}, sha256 ${header.payload.sha256}`,
  );
  io.out(`  auth secret: from ${secrets.authSecretFrom}, sealed with the passphrase`);
  if (secrets.feedCredentialsKeySha256) {
    io.out(
      "  FEED_CREDENTIALS_KEY is set: stored feed credentials need it and it is not in the backup; " +
        "keep it with your other secrets.",
    );
  }
  return EXIT.ok;
}

export const backupCommand: CliCommand = {
  name: "backup",
  summary: "back up the database and the auth secret (sealed with a passphrase) to one file",
  help,
  run,
};
