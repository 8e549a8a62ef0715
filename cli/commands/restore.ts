// npm run cli -- restore --from FILE [--passphrase-file PATH] [--force]: puts a `backup` file back, the
// database and DATA_DIR/auth-secret. Everything is checked first (the file's format, version, passphrase,
// checksum; the secrets the environment sets; the target is not in use and holds no data unless --force),
// so a refused restore changes nothing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BACKUP_VERSION,
  BackupFileError,
  extractPayload,
  openSecrets,
  readBackupHeader,
  readPayload,
} from "../backup/backup-file.ts";
import {
  checkNotInUse,
  embeddedDatabaseDir,
  embeddedTargetState,
  restoreEmbeddedDatabase,
} from "../backup/embedded.ts";
import { PG_RESTORE_ARGS, postgresTablesWithRows, restorePostgresDatabase } from "../backup/postgres.ts";
import {
  authSecretFile,
  checkEnvironmentSecrets,
  PASSPHRASE_ENV,
  readPassphrase,
  writeAuthSecret,
} from "../backup/secrets.ts";
import { type CliCommand, type CliIo, CliUsageError, EXIT } from "../command.ts";
import { cliDatabaseSettings } from "../database.ts";

const help = `Usage: npm run cli -- restore --from <file> [--passphrase-file <path>] [--force]

Restores a file written by \`npm run cli -- backup\` (format version ${BACKUP_VERSION}): the database, and the auth
secret written to DATA_DIR/auth-secret (mode 0600). It first checks the file (format, version, that the
passphrase opens it, the dump's SHA-256), that the environment's AUTH_SECRET and FEED_CREDENTIALS_KEY
agree with the backup, and that the target holds no data; a refused restore changes nothing.

  embedded database (no DATABASE_URL): the server must not run on this DATA_DIR (a
                    database in use is refused). The dump is loaded beside DATA_DIR/db and takes its
                    place once it opens; a replaced database with data is kept as DATA_DIR/db.replaced-<time>.
  PostgreSQL (DATABASE_URL set): in one transaction (all or nothing), psql drops the schemas public,
                    drizzle and pgboss of that database, recreates public and runs the dump as
                    \`pg_restore ${PG_RESTORE_ARGS.join(" ")}\` writes it. Stop the servers that use it
                    first. Create the database beforehand (createdb); an empty or freshly migrated one
                    needs no --force; with --force the data in it is dropped (back it up first).
                    psql and pg_restore come from PATH or /usr/lib/postgresql/<n>/bin.

A different DATA_DIR/auth-secret is kept as auth-secret.replaced-<time>. With AUTH_SECRET set, it must
equal the backed-up secret: restore without it, then set AUTH_SECRET to DATA_DIR/auth-secret's content.

Options:
  --from <file>             the backup file
  --passphrase-file <path>  a file holding the passphrase; without it, ${PASSPHRASE_ENV}
  --force                   replace a database that holds data

Example:
  ${PASSPHRASE_ENV}='…' npm run cli -- restore --from /backups/reeltime-2025-01-31.rtbackup`;

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        from: { type: "string" },
        "passphrase-file": { type: "string" },
        force: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

function refuseData(where: string, tables: string[]): never {
  const listed = tables.slice(0, 5).join(", ") + (tables.length > 5 ? `, … (${tables.length} tables)` : "");
  throw new Error(
    `${where} holds data (${listed}): nothing was changed. Run again with --force to replace it.`,
  );
}

async function run(args: string[], io: CliIo): Promise<number> {
  const values = options(args);
  if (!values.from?.trim()) throw new CliUsageError("--from is required");
  const from = path.resolve(io.cwd, values.from);
  const passphrase = await readPassphrase(
    { passphraseFile: values["passphrase-file"], env: io.env, cwd: io.cwd },
    "restore",
  );
  const settings = cliDatabaseSettings(io.env, io.cwd);
  const target = settings.databaseUrl ? "postgres" : "pglite";

  const backup = await readBackupHeader(from);
  const { header } = backup;
  if (header.database !== target) {
    throw new BackupFileError(
      header.database === "pglite"
        ? "this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR"
        : "this is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into",
    );
  }
  io.progress("opening the sealed secrets…");
  const secrets = await openSecrets(header, passphrase);
  checkEnvironmentSecrets(io.env, secrets);

  const now = new Date();
  let replaced: string | undefined;
  if (!settings.databaseUrl) {
    const databaseDir = embeddedDatabaseDir(settings.dataDir);
    checkNotInUse(databaseDir);
    const state = await embeddedTargetState(databaseDir);
    const hasData = state.exists && state.tablesWithRows.length > 0;
    if (hasData && !values.force) refuseData(databaseDir, state.tablesWithRows);
    io.progress("checking the database dump…");
    const tarball = await readPayload(backup);
    io.progress("restoring the database…");
    replaced = await restoreEmbeddedDatabase(databaseDir, tarball, { keepOld: hasData, now });
  } else {
    const tables = await postgresTablesWithRows(settings.databaseUrl);
    if (tables.length > 0 && !values.force) refuseData("the database at DATABASE_URL", tables);
    const scratch = await mkdtemp(path.join(tmpdir(), "reeltime-restore-"));
    try {
      const dump = path.join(scratch, "database.dump");
      io.progress("checking the database dump…");
      await extractPayload(backup, dump);
      io.progress("restoring the database…");
      await restorePostgresDatabase(settings.databaseUrl, dump, io.env);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  const replacedSecret = await writeAuthSecret(settings.dataDir, secrets.authSecret, now);
  io.progress("");

  io.out(`Restored ${from} (made ${header.createdAt})`);
  io.out(
    settings.databaseUrl
      ? "  database: into DATABASE_URL's database (pg_restore)"
      : `  database: ${embeddedDatabaseDir(settings.dataDir)}`,
  );
  if (replaced) io.out(`  the database it replaced is kept as ${replaced} (delete it when no longer needed)`);
  io.out(`  auth secret: ${authSecretFile(settings.dataDir)} (backed up from ${secrets.authSecretFrom})`);
  if (replacedSecret) io.out(`  the auth secret it replaced is kept as ${replacedSecret}`);
  if (secrets.authSecretFrom === "AUTH_SECRET" && !io.env.AUTH_SECRET) {
    io.out(
      "  the backup's secret came from AUTH_SECRET: set AUTH_SECRET to that file's content, or leave it unset",
    );
  }
  io.out("Start the server: it applies any newer migrations.");
  return EXIT.ok;
}

export const restoreCommand: CliCommand = {
  name: "restore",
  summary: "restore a backup file: the database and DATA_DIR/auth-secret (refuses data without --force)",
  help,
  run,
};
