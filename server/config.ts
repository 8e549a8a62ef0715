// Every setting is an environment variable, validated here once at start-up.
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { integerFromText } from "../core/forms/numbers.ts";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ message: "must be a URL" })
      .refine((u) => protocols.some((p) => u.startsWith(`${p}:`)), {
        message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
      })
      .optional(),
  );

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
      message: "must be true or false",
    })
    .transform((v) => ["1", "true", "yes", "on"].includes(v))
    .optional(),
);

/**
 * Proxies whose X-Forwarded-For / X-Real-IP we believe: comma-separated IP addresses, CIDR ranges and
 * proxy-addr's names (loopback, linklocal, uniquelocal). Empty: trust no proxy, the client address is
 * the socket's peer.
 */
const trustedProxies = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => {
        try {
          proxyAddr.compile(entries);
          return true;
        } catch {
          return false;
        }
      },
      {
        message:
          "must be a comma-separated list of IP addresses, CIDR ranges or loopback, linklocal, uniquelocal",
      },
    ),
);

export const configSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    integerFromText(
      z
        .number({ message: "must be a whole number from 1 to 65535" })
        .int({ message: "must be a whole number from 1 to 65535" })
        .min(1, { message: "must be a whole number from 1 to 65535" })
        .max(65535, { message: "must be a whole number from 1 to 65535" }),
    ).default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  BASE_URL: optionalUrl(["http", "https"]),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./.data")),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(3, { message: "must be an address like Reeltime <no-reply@example.com>" })
      .default("Reeltime <no-reply@reeltime.local>"),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  GTM_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(GTM|G)-[A-Z0-9]+$/, { message: "must look like GTM-XXXXXXX or G-XXXXXXXXXX" })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SEED_DEMO: booleanFlag,
  TRUSTED_PROXIES: trustedProxies,
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  /** false: an API-only instance that enqueues jobs but runs none (and no schedules) */
  WORKER: booleanFlag.transform((value) => value ?? true),
  /** the nightly purge deletes showtimes that started more than this many days ago */
  PURGE_SHOWTIMES_AFTER_DAYS: z.preprocess(
    emptyToUndefined,
    integerFromText(
      z
        .number({ message: "must be a whole number of days from 1 to 36500" })
        .int({ message: "must be a whole number of days from 1 to 36500" })
        .min(1, { message: "must be a whole number of days from 1 to 36500" })
        .max(36_500, { message: "must be a whole number of days from 1 to 36500" }),
    ).default(90),
  ),
  /** hosts (names or addresses) feeds may be fetched from although they resolve to private or local addresses */
  FEED_ALLOWED_PRIVATE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((host) => host.trim())
          .filter(Boolean),
      ),
  ),
  /** seconds a feed fetch may take, headers and body */
  FEED_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    integerFromText(
      z
        .number({ message: "must be a whole number of seconds from 1 to 600" })
        .int({ message: "must be a whole number of seconds from 1 to 600" })
        .min(1, { message: "must be a whole number of seconds from 1 to 600" })
        .max(600, { message: "must be a whole number of seconds from 1 to 600" }),
    ).default(30),
  ),
  /** the most bytes of a fetched feed (decompressed) */
  FEED_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    integerFromText(
      z
        .number({ message: "must be a whole number of bytes from 1024 to 1073741824" })
        .int({ message: "must be a whole number of bytes from 1024 to 1073741824" })
        .min(1024, { message: "must be a whole number of bytes from 1024 to 1073741824" })
        .max(1024 * 1024 * 1024, { message: "must be a whole number of bytes from 1024 to 1073741824" }),
    ).default(50 * 1024 * 1024),
  ),
  /** 32 bytes, base64: the key feed credentials are encrypted with (default: derived from the auth secret) */
  FEED_CREDENTIALS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, {
        message: "must be 32 random bytes, base64-encoded (openssl rand -base64 32)",
      })
      .optional(),
  ),
  /** a TMDB-compatible metadata API (v3 paths) and its key; without a key, new movies are not enriched */
  TMDB_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: "must be an http(s) URL" }).default("https://api.themoviedb.org/3"),
  ),
  TMDB_IMAGE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: "must be an http(s) URL" }).default("https://image.tmdb.org/t/p/w500"),
  ),
  TMDB_API_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { message: "must be a TMDB API key or read token" }).optional(),
  ),
  SUPER_ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" }))),
  ),
});

export type Config = z.infer<typeof configSchema> & {
  /** resolved: AUTH_SECRET or the generated one kept in DATA_DIR */
  authSecret: string;
  baseUrl: string;
};

export class ConfigError extends Error {}

/** Parses the environment; the error names every bad variable and what is wrong, one per line. */
export function parseConfig(env: Record<string, string | undefined>) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const config = result.data;
  if (config.NODE_ENV === "production" && !config.AUTH_SECRET) {
    throw new ConfigError("Invalid configuration: AUTH_SECRET: is required in production");
  }
  return config;
}

/** The kept secret, or null when there is none yet. */
async function readKeptSecret(file: string): Promise<string | null> {
  try {
    const secret = (await readFile(file, "utf8")).trim();
    if (!secret)
      throw new ConfigError(`Invalid configuration: ${file} is empty: delete it or set AUTH_SECRET`);
    return secret;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept in DATA_DIR. It is written aside
 * and linked into place, so instances starting at once on a new DATA_DIR agree on one secret and none
 * reads a half-written file.
 */
async function resolveAuthSecret(config: z.infer<typeof configSchema>) {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.DATA_DIR, "auth-secret");
  const kept = await readKeptSecret(file);
  if (kept) return kept;
  await mkdir(config.DATA_DIR, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  await writeFile(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readKeptSecret(file))!;
}

export async function loadConfig(env: Record<string, string | undefined> = process.env): Promise<Config> {
  const config = parseConfig(env);
  return {
    ...config,
    authSecret: await resolveAuthSecret(config),
    baseUrl: config.BASE_URL ?? `http://localhost:${config.PORT}`,
  };
}
