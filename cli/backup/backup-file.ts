// The backup file (format version 1): one file holding a database dump and, encrypted with a passphrase,
// the auth secret the data depends on (it signs sessions and derives the feed-credential key).
//
//   line 1   REELTIME-BACKUP/1
//   line 2   a JSON header (BackupHeader): the database kind, the payload's kind, size and SHA-256, and the
//            sealed secrets (scrypt parameters and salt, AES-256-GCM iv, tag and ciphertext)
//   the rest the payload: PGlite's data directory as a gzipped tar (dumpDataDir), or `pg_dump
//            --format=custom` output. It is not encrypted: keep the file as safe as the database itself.
//
// The secrets are sealed with every other header field as associated data, so a changed header (or a
// changed payload checksum) fails like a wrong passphrase; the payload itself is checked by its SHA-256.
// Every check runs before a restore changes anything.
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, open, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

export const BACKUP_MAGIC = "REELTIME-BACKUP/1";
export const BACKUP_VERSION = 1;
const MAX_HEADER_BYTES = 64 * 1024;
/** scrypt at OWASP's recommendation (N=2^17, r=8, p=1): ~128 MiB and a fraction of a second per use. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 512 * 1024 * 1024;

/** What the data depends on besides the database: sealed in the header with the passphrase. */
export type BackupSecrets = {
  /** AUTH_SECRET, or the generated one kept in DATA_DIR/auth-secret */
  authSecret: string;
  authSecretFrom: "AUTH_SECRET" | "DATA_DIR/auth-secret";
  /** SHA-256 of FEED_CREDENTIALS_KEY when one was set: the key is not in the backup, restore checks it */
  feedCredentialsKeySha256: string | null;
};

const secretsSchema = z.object({
  authSecret: z.string().min(1),
  authSecretFrom: z.enum(["AUTH_SECRET", "DATA_DIR/auth-secret"]),
  feedCredentialsKeySha256: z.string().nullable(),
});

const base64 = z.string().regex(/^[A-Za-z0-9_-]*$/);

const headerSchema = z.object({
  format: z.literal("reeltime-backup"),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  database: z.enum(["pglite", "postgres"]),
  payload: z.object({
    kind: z.enum(["pglite-datadir-tar-gzip", "pg-dump-custom"]),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  secrets: z.object({
    kdf: z.literal("scrypt"),
    // Bounded so that a crafted file cannot make the key derivation take minutes or gigabytes.
    N: z
      .number()
      .int()
      .min(2 ** 14)
      .max(2 ** 20),
    r: z.number().int().min(1).max(16),
    p: z.number().int().min(1).max(4),
    salt: base64,
    cipher: z.literal("aes-256-gcm"),
    iv: base64,
    tag: base64,
    ciphertext: base64,
  }),
});

export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupDatabase = BackupHeader["database"];
export type BackupPayloadKind = BackupHeader["payload"]["kind"];

/** A backup file that is not one, is damaged, or cannot be opened with the passphrase given. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(passphrase, salt, 32, { ...params, maxmem: SCRYPT_MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Every header field but the sealed ones, in a fixed order: the seal's associated data. */
function associatedData(
  header: Omit<BackupHeader, "secrets"> & {
    secrets: Pick<BackupHeader["secrets"], "N" | "r" | "p" | "salt">;
  },
) {
  return Buffer.from(
    JSON.stringify([
      header.format,
      header.version,
      header.createdAt,
      header.database,
      header.payload.kind,
      header.payload.bytes,
      header.payload.sha256,
      header.secrets.N,
      header.secrets.r,
      header.secrets.p,
      header.secrets.salt,
    ]),
  );
}

async function sealHeader(
  fields: Omit<BackupHeader, "secrets">,
  secrets: BackupSecrets,
  passphrase: string,
): Promise<BackupHeader> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(passphrase, salt, SCRYPT);
  const kdf = { ...SCRYPT, salt: salt.toString("base64url") };
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(associatedData({ ...fields, secrets: kdf }));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return {
    ...fields,
    secrets: {
      kdf: "scrypt",
      ...kdf,
      cipher: "aes-256-gcm",
      iv: iv.toString("base64url"),
      tag: cipher.getAuthTag().toString("base64url"),
      ciphertext: ciphertext.toString("base64url"),
    },
  };
}

/** The sealed secrets, or a BackupFileError when the passphrase is wrong or the header was changed. */
export async function openSecrets(header: BackupHeader, passphrase: string): Promise<BackupSecrets> {
  const { secrets } = header;
  const key = await deriveKey(passphrase, Buffer.from(secrets.salt, "base64url"), secrets);
  let text: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(secrets.iv, "base64url"));
    decipher.setAAD(associatedData(header));
    decipher.setAuthTag(Buffer.from(secrets.tag, "base64url"));
    text = Buffer.concat([
      decipher.update(Buffer.from(secrets.ciphertext, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new BackupFileError(
      "the passphrase does not open this backup (a wrong passphrase, or the file's header was altered)",
    );
  }
  let parsed;
  try {
    parsed = secretsSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new BackupFileError("the backup's sealed secrets are not in the expected form");
  return parsed.data;
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/**
 * Writes the backup file at `out`, which must not exist: written aside with mode 0600 and linked into
 * place, so a failed or interrupted backup never leaves a half file under the name asked for.
 */
export async function writeBackupFile(input: {
  out: string;
  database: BackupDatabase;
  payloadKind: BackupPayloadKind;
  /** the payload, in memory or as a file to copy */
  payload: Buffer | { file: string };
  secrets: BackupSecrets;
  passphrase: string;
  now: Date;
}): Promise<BackupHeader> {
  const digest = Buffer.isBuffer(input.payload)
    ? { sha256: createHash("sha256").update(input.payload).digest("hex"), bytes: input.payload.length }
    : await sha256OfFile(input.payload.file);
  const header = await sealHeader(
    {
      format: "reeltime-backup",
      version: BACKUP_VERSION,
      createdAt: input.now.toISOString(),
      database: input.database,
      payload: { kind: input.payloadKind, ...digest },
    },
    input.secrets,
    input.passphrase,
  );
  const draft = path.join(
    path.dirname(input.out),
    `.${path.basename(input.out)}.${process.pid}.${randomBytes(6).toString("hex")}.partial`,
  );
  try {
    await writeFile(draft, `${BACKUP_MAGIC}\n${JSON.stringify(header)}\n`, { mode: 0o600 });
    if (Buffer.isBuffer(input.payload)) {
      await writeFile(draft, input.payload, { flag: "a" });
    } else {
      await pipeline(createReadStream(input.payload.file), createWriteStream(draft, { flags: "a" }));
    }
    await link(draft, input.out);
  } finally {
    await rm(draft, { force: true });
  }
  return header;
}

export type OpenedBackup = { file: string; header: BackupHeader; payloadOffset: number };

/** Reads and checks the magic line, the header and the file's length; the payload is checked later. */
export async function readBackupHeader(file: string): Promise<OpenedBackup> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new BackupFileError(`no such file: ${file}`);
  const handle = await open(file, "r");
  let start: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(info.size, BACKUP_MAGIC.length + 1 + MAX_HEADER_BYTES + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    start = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const magicEnd = start.indexOf(0x0a);
  if (magicEnd < 0 || start.subarray(0, magicEnd).toString("latin1") !== BACKUP_MAGIC) {
    const found = start.subarray(0, Math.max(0, magicEnd)).toString("latin1");
    if (/^REELTIME-BACKUP\/\d+$/.test(found)) {
      throw new BackupFileError(
        `${file} is a backup of format ${found.split("/")[1]}; this version reads format ${BACKUP_VERSION}`,
      );
    }
    throw new BackupFileError(`${file} is not a Reeltime backup (it does not start with ${BACKUP_MAGIC})`);
  }
  const headerEnd = start.indexOf(0x0a, magicEnd + 1);
  if (headerEnd < 0) throw new BackupFileError(`${file} is damaged: its header is incomplete`);
  let parsed;
  try {
    parsed = headerSchema.safeParse(JSON.parse(start.subarray(magicEnd + 1, headerEnd).toString("utf8")));
  } catch {
    throw new BackupFileError(`${file} is damaged: its header is not JSON`);
  }
  if (!parsed.success)
    throw new BackupFileError(`${file} is damaged: its header is not in the expected form`);
  const header = parsed.data;
  const payloadOffset = headerEnd + 1;
  if (info.size !== payloadOffset + header.payload.bytes) {
    throw new BackupFileError(
      `${file} is damaged: it holds ${info.size - payloadOffset} bytes of data where its header says ` +
        `${header.payload.bytes} (truncated or appended to)`,
    );
  }
  return { file, header, payloadOffset };
}

function payloadStream(backup: OpenedBackup) {
  if (backup.header.payload.bytes === 0) return [] as Buffer[];
  return createReadStream(backup.file, {
    start: backup.payloadOffset,
    end: backup.payloadOffset + backup.header.payload.bytes - 1,
  }) as AsyncIterable<Buffer>;
}

function checkDigest(backup: OpenedBackup, actual: string) {
  if (actual !== backup.header.payload.sha256) {
    throw new BackupFileError(
      `${backup.file} is damaged: the database dump does not match its checksum (SHA-256)`,
    );
  }
}

/** The payload in memory, once its SHA-256 matched the header's. */
export async function readPayload(backup: OpenedBackup): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of payloadStream(backup)) chunks.push(chunk);
  const payload = Buffer.concat(chunks);
  checkDigest(backup, createHash("sha256").update(payload).digest("hex"));
  return payload;
}

/** Copies the payload to `target` (mode 0600) and checks its SHA-256; on a mismatch the copy is removed. */
export async function extractPayload(backup: OpenedBackup, target: string): Promise<void> {
  const hash = createHash("sha256");
  const output = createWriteStream(target, { mode: 0o600 });
  await pipeline(async function* () {
    for await (const chunk of payloadStream(backup)) {
      hash.update(chunk);
      yield chunk;
    }
  }, output);
  try {
    checkDigest(backup, hash.digest("hex"));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
