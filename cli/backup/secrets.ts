// The secrets a backup carries and a restore puts back: the auth secret (AUTH_SECRET, else the one the
// server generated in DATA_DIR/auth-secret; server/config.ts reads it the same way) and a check that
// FEED_CREDENTIALS_KEY, which never leaves the environment, is the same on both sides. And the passphrase
// they are sealed with.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { CliUsageError } from "../command.ts";
import type { BackupSecrets } from "./backup-file.ts";

export const PASSPHRASE_ENV = "REELTIME_BACKUP_PASSPHRASE";
export const MIN_PASSPHRASE_LENGTH = 12;

/** A secret setting as the environment holds it: an empty value counts as unset (server/config.ts). */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The passphrase: the file's content (one trailing line break dropped) when --passphrase-file is given,
 * else REELTIME_BACKUP_PASSPHRASE. A backup refuses one shorter than MIN_PASSPHRASE_LENGTH.
 */
export async function readPassphrase(
  options: { passphraseFile: string | undefined; env: NodeJS.ProcessEnv; cwd: string },
  purpose: "backup" | "restore",
): Promise<string> {
  let passphrase: string | undefined;
  if (options.passphraseFile) {
    const file = path.resolve(options.cwd, options.passphraseFile);
    try {
      passphrase = (await readFile(file, "utf8")).replace(/\r?\n$/, "");
    } catch {
      throw new CliUsageError(`cannot read the passphrase file ${file}`);
    }
  } else {
    passphrase = setting(options.env, PASSPHRASE_ENV);
  }
  if (!passphrase) {
    throw new CliUsageError(
      `a passphrase is required: give --passphrase-file <path> or set ${PASSPHRASE_ENV}`,
    );
  }
  if (purpose === "backup" && [...passphrase].length < MIN_PASSPHRASE_LENGTH) {
    throw new CliUsageError(
      `the passphrase is too short: use at least ${MIN_PASSPHRASE_LENGTH} characters (it is all that ` +
        "protects the auth secret in the backup)",
    );
  }
  return passphrase;
}

export function authSecretFile(dataDir: string): string {
  return path.join(dataDir, "auth-secret");
}

async function readAuthSecretFile(dataDir: string): Promise<string | undefined> {
  try {
    return (await readFile(authSecretFile(dataDir), "utf8")).trim() || undefined;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The secrets of the installation being backed up, or a clear error when it has no auth secret. */
export async function currentSecrets(env: NodeJS.ProcessEnv, dataDir: string): Promise<BackupSecrets> {
  const feedKey = setting(env, "FEED_CREDENTIALS_KEY");
  const feedCredentialsKeySha256 = feedKey ? sha256(feedKey) : null;
  const configured = setting(env, "AUTH_SECRET");
  if (configured) return { authSecret: configured, authSecretFrom: "AUTH_SECRET", feedCredentialsKeySha256 };
  const kept = await readAuthSecretFile(dataDir);
  if (kept) return { authSecret: kept, authSecretFrom: "DATA_DIR/auth-secret", feedCredentialsKeySha256 };
  throw new Error(
    `there is no auth secret to back up: AUTH_SECRET is not set and ${authSecretFile(dataDir)} does not ` +
      "exist (the server creates it at its first start)",
  );
}

/**
 * Refuses a restore whose data would not be readable with this environment's secrets: an AUTH_SECRET
 * that differs from the backed-up one (it would override the restored DATA_DIR/auth-secret), or a
 * FEED_CREDENTIALS_KEY that is missing or different.
 */
export function checkEnvironmentSecrets(env: NodeJS.ProcessEnv, secrets: BackupSecrets): void {
  const configured = setting(env, "AUTH_SECRET");
  if (configured && configured !== secrets.authSecret) {
    throw new Error(
      "AUTH_SECRET is set and differs from the backup's auth secret: sessions and stored feed credentials " +
        "would not be readable. Unset AUTH_SECRET for the restore (the backed-up secret is written to " +
        "DATA_DIR/auth-secret) and then set AUTH_SECRET to that file's content, or remove it.",
    );
  }
  const feedKey = setting(env, "FEED_CREDENTIALS_KEY");
  const feedKeySha256 = feedKey ? sha256(feedKey) : null;
  if (feedKeySha256 !== secrets.feedCredentialsKeySha256) {
    throw new Error(
      secrets.feedCredentialsKeySha256
        ? "the backup was made with FEED_CREDENTIALS_KEY set, and this environment's FEED_CREDENTIALS_KEY " +
            "is missing or different: set it to the key the backed-up feed credentials were stored with"
        : "FEED_CREDENTIALS_KEY is set, but the backup was made without it (its feed credentials use the " +
            "key derived from the auth secret): unset FEED_CREDENTIALS_KEY",
    );
  }
}

/**
 * Writes the auth secret to DATA_DIR/auth-secret (mode 0600, written aside and renamed into place). A
 * different secret already there is kept as auth-secret.replaced-<time>; returns that name, if any.
 */
export async function writeAuthSecret(
  dataDir: string,
  secret: string,
  now: Date,
): Promise<string | undefined> {
  await mkdir(dataDir, { recursive: true });
  const file = authSecretFile(dataDir);
  const existing = await readAuthSecretFile(dataDir);
  let keptAs: string | undefined;
  if (existing !== undefined && existing !== secret) {
    keptAs = `${file}.replaced-${now.toISOString().replace(/[:.]/g, "-")}`;
    await rename(file, keptAs);
  }
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  try {
    await writeFile(draft, secret, { mode: 0o600 });
    await rename(draft, file);
  } finally {
    await rm(draft, { force: true });
  }
  return keptAs;
}
