import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig } from "./config.ts";

function errorOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe("parseConfig", () => {
  it("has defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./.data",
      LOG_LEVEL: "info",
      SUPER_ADMIN_EMAILS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.GTM_ID).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    const config = parseConfig({ PORT: "", GTM_ID: "", DATABASE_URL: "", NODE_ENV: "" });
    expect(config.PORT).toBe(3000);
    expect(config.GTM_ID).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("parses PORT and rejects a non-number, naming PORT", () => {
    expect(parseConfig({ PORT: "8080" }).PORT).toBe(8080);
    expect(errorOf({ PORT: "abc" })).toMatch(/\bPORT\b/);
    expect(errorOf({ PORT: "70000" })).toMatch(/\bPORT\b/);
    expect(errorOf({ PORT: "1.5" })).toMatch(/\bPORT\b/);
  });

  it("accepts GTM- and G- tag ids and rejects others, naming GTM_ID", () => {
    expect(parseConfig({ GTM_ID: "GTM-ABC123" }).GTM_ID).toBe("GTM-ABC123");
    expect(parseConfig({ GTM_ID: "G-XYZ" }).GTM_ID).toBe("G-XYZ");
    for (const bad of ["UA-1", "gtm-abc", "GTM-", "G-abc", "GTM-AB C"]) {
      expect(errorOf({ GTM_ID: bad }), bad).toMatch(/\bGTM_ID\b/);
    }
  });

  it("accepts postgres URLs and rejects others for DATABASE_URL", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).DATABASE_URL).toBe(
      "postgres://u@127.0.0.1:5432/db",
    );
    expect(parseConfig({ DATABASE_URL: "postgresql://u@h/db" }).DATABASE_URL).toBe("postgresql://u@h/db");
    expect(errorOf({ DATABASE_URL: "http://x" })).toMatch(/\bDATABASE_URL\b/);
    expect(errorOf({ DATABASE_URL: "not a url" })).toMatch(/\bDATABASE_URL\b/);
  });

  it("checks REDIS_URL and SMTP_URL schemes", () => {
    expect(parseConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(errorOf({ REDIS_URL: "http://x" })).toMatch(/\bREDIS_URL\b/);
    expect(errorOf({ SMTP_URL: "http://x" })).toMatch(/\bSMTP_URL\b/);
  });

  it("requires AUTH_SECRET in production", () => {
    expect(errorOf({ NODE_ENV: "production" })).toMatch(/\bAUTH_SECRET\b/);
    const secret = "s".repeat(32);
    expect(parseConfig({ NODE_ENV: "production", AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    expect(errorOf({ AUTH_SECRET: "short" })).toMatch(/\bAUTH_SECRET\b/);
  });

  it("parses SUPER_ADMIN_EMAILS as a trimmed, lower-cased list", () => {
    expect(
      parseConfig({ SUPER_ADMIN_EMAILS: " Ada@Example.com, bob@example.org ,," }).SUPER_ADMIN_EMAILS,
    ).toEqual(["ada@example.com", "bob@example.org"]);
    expect(parseConfig({ SUPER_ADMIN_EMAILS: "one@example.com" }).SUPER_ADMIN_EMAILS).toEqual([
      "one@example.com",
    ]);
    expect(errorOf({ SUPER_ADMIN_EMAILS: "ada@example.com, not-an-email" })).toMatch(
      /\bSUPER_ADMIN_EMAILS\b/,
    );
  });

  it("parses SEED_DEMO flags", () => {
    expect(parseConfig({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(errorOf({ SEED_DEMO: "maybe" })).toMatch(/\bSEED_DEMO\b/);
  });

  it("runs the job worker unless WORKER is false", () => {
    expect(parseConfig({}).WORKER).toBe(true);
    expect(parseConfig({ WORKER: "" }).WORKER).toBe(true);
    expect(parseConfig({ WORKER: "false" }).WORKER).toBe(false);
    expect(parseConfig({ WORKER: "1" }).WORKER).toBe(true);
    expect(errorOf({ WORKER: "sometimes" })).toMatch(
      /^Invalid configuration: WORKER: must be true or false$/,
    );
  });

  it("purges showtimes older than 90 days by default, or PURGE_SHOWTIMES_AFTER_DAYS", () => {
    expect(parseConfig({}).PURGE_SHOWTIMES_AFTER_DAYS).toBe(90);
    expect(parseConfig({ PURGE_SHOWTIMES_AFTER_DAYS: "30" }).PURGE_SHOWTIMES_AFTER_DAYS).toBe(30);
    for (const bad of ["0", "-5", "1.5", "ninety", "36501"]) {
      expect(errorOf({ PURGE_SHOWTIMES_AFTER_DAYS: bad })).toMatch(
        /PURGE_SHOWTIMES_AFTER_DAYS: must be a whole number of days from 1 to 36500/,
      );
    }
  });

  it("parses TRUSTED_PROXIES (addresses, CIDR ranges, proxy-addr names) and trusts none by default", () => {
    expect(parseConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseConfig({ TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toEqual([]);
    expect(
      parseConfig({ TRUSTED_PROXIES: " loopback, 10.0.0.0/8 ,192.0.2.7,uniquelocal, fd00::/8,," })
        .TRUSTED_PROXIES,
    ).toEqual(["loopback", "10.0.0.0/8", "192.0.2.7", "uniquelocal", "fd00::/8"]);
    for (const bad of ["everyone", "10.0.0.0/40", "300.1.1.1", "loopback, proxy.example"]) {
      expect(errorOf({ TRUSTED_PROXIES: bad }), bad).toMatch(/\bTRUSTED_PROXIES\b/);
    }
  });

  it("accepts a METRICS_TOKEN of at least 32 characters", () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: "t".repeat(32) }).METRICS_TOKEN).toBe("t".repeat(32));
    expect(errorOf({ METRICS_TOKEN: "short" })).toMatch(/\bMETRICS_TOKEN\b/);
  });

  it("names every bad variable at once", () => {
    const message = errorOf({ PORT: "abc", GTM_ID: "UA-1", LOG_LEVEL: "loud" });
    expect(message).toMatch(/\bPORT\b/);
    expect(message).toMatch(/\bGTM_ID\b/);
    expect(message).toMatch(/\bLOG_LEVEL\b/);
  });
});

describe("loadConfig", () => {
  it("generates AUTH_SECRET once outside production and keeps it in DATA_DIR", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "reeltime-config-"));
    try {
      const first = await loadConfig({ DATA_DIR: dir });
      const second = await loadConfig({ DATA_DIR: dir });
      expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.authSecret).toBe(first.authSecret);
      expect(first.baseUrl).toBe("http://localhost:3000");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("agrees on one generated secret when several instances start at once on a new DATA_DIR", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "reeltime-config-"));
    try {
      const configs = await Promise.all(Array.from({ length: 8 }, () => loadConfig({ DATA_DIR: dir })));
      const secrets = new Set(configs.map((config) => config.authSecret));
      expect(secrets.size).toBe(1);
      expect([...secrets][0]!.length).toBeGreaterThanOrEqual(32);
      // no drafts left behind
      expect(await readdir(dir)).toEqual(["auth-secret"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("uses AUTH_SECRET and BASE_URL when given", async () => {
    const secret = "x".repeat(40);
    const config = await loadConfig({ AUTH_SECRET: secret, BASE_URL: "https://reeltime.example" });
    expect(config.authSecret).toBe(secret);
    expect(config.baseUrl).toBe("https://reeltime.example");
  });
});
