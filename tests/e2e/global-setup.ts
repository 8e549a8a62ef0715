// Starts the real server for the end-to-end specs: `node server/main.ts` on the loopback port
// chosen in playwright.config.ts, with a fresh temporary DATA_DIR (so the first start migrates
// and seeds the embedded database), waits for /readyz, and returns the teardown.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FullConfig } from "@playwright/test";
import { startSmtpCapture } from "../helpers/smtp-capture.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The first start migrates and seeds (ready within 60 s on a developer machine); CI boxes are slower. */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_TAIL_LINES = 80;
/** A made-up container id (tests/e2e/shell/consent.spec.ts looks for it in the GTM request). */
const E2E_GTM_ID = "GTM-ABC123";

function log(message: string) {
  process.stderr.write(`[e2e server] ${message}\n`);
}

export default async function globalSetup(config: FullConfig) {
  if (process.env.E2E_BASE_URL) {
    log(`E2E_BASE_URL is set: using the server at ${process.env.E2E_BASE_URL}, starting none`);
    await waitForReady(process.env.E2E_BASE_URL, undefined, []);
    return;
  }

  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set: playwright.config.ts chooses it");
  const baseURL = config.projects[0]?.use.baseURL ?? `http://127.0.0.1:${port}`;

  if (!existsSync(path.join(ROOT, "build", "server")) || !existsSync(path.join(ROOT, "build", "client"))) {
    throw new Error(
      "No production build in build/: run `npm run build` first (`npm run test:e2e` does both).",
    );
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "reeltime-e2e-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir };
  // As a new user runs it (`npm start`): no database server, no Redis, no analytics…
  for (const name of [
    "NODE_ENV",
    "DATABASE_URL",
    "REDIS_URL",
    "SMTP_URL",
    "GTM_ID",
    "BASE_URL",
    "SEED_DEMO",
  ]) {
    delete env[name];
  }
  // …but with a Google Tag Manager id, so the consent banner and Consent Mode run as in production;
  // nothing from Google loads before consent, and the specs that consent intercept those requests.
  env.GTM_ID = E2E_GTM_ID;
  // …and behind a proxy on loopback, as in production: the specs' sign-ins come from many addresses
  // (X-Forwarded-For, tests/e2e/studio/support.ts), so the per-address sign-in limit counts visitors.
  env.TRUSTED_PROXIES = "loopback";
  // …and its e-mail goes over real SMTP to a capture the specs read (E2E_MAIL_DIR).
  const mailDir = path.join(dataDir, "captured-mail");
  const smtp = await startSmtpCapture({ saveTo: mailDir });
  env.SMTP_URL = smtp.url;
  process.env.E2E_MAIL_DIR = mailDir;
  // The demo accounts' development passwords are printed once at the first start: keep them for the specs.
  const accountsFile = path.join(dataDir, "demo-accounts.json");
  process.env.E2E_ACCOUNTS_FILE = accountsFile;

  log(`starting node server/main.ts on ${baseURL} with DATA_DIR=${dataDir}`);
  const started = Date.now();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail: string[] = [];
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > LOG_TAIL_LINES) tail.shift();
  };
  forwardLines(child, (line) => {
    remember(line);
    saveDemoAccounts(line, accountsFile);
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  try {
    await waitForReady(baseURL, child, tail);
  } catch (error) {
    await stop(child);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  if (!existsSync(accountsFile))
    throw new Error("the server did not print its demo accounts at the first start");
  log(`ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A server that goes away during the run fails every later spec with "connection refused":
  // say so once, with its last words.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (stopping) return;
    log(
      `the server exited during the tests (${signal ?? `exit code ${code}`}); its last log lines:\n${tail.join("\n")}`,
    );
  });

  return async () => {
    stopping = true;
    process.removeListener("exit", killOnExit);
    const code = await stop(child);
    log(`stopped (exit ${code})`);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Server logs are JSON lines; the last ones are kept for a start-up failure, and errors (level
 * "error" / "fatal", or pino's numeric ≥ 50) and anything on stderr are shown straight away so a
 * failing spec has its cause. E2E_SERVER_LOG=1 shows every line.
 */
function forwardLines(child: ChildProcess, remember: (line: string) => void) {
  const verbose = Boolean(process.env.E2E_SERVER_LOG);
  for (const [stream, isStderr] of [
    [child.stdout, false],
    [child.stderr, true],
  ] as const) {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        remember(line);
        if (verbose || isStderr || isErrorLine(line)) log(line);
      }
    });
  }
}

function saveDemoAccounts(line: string, file: string) {
  if (!line.includes('"demoAccounts"')) return;
  const parsed = JSON.parse(line) as { demoAccounts?: unknown; demoApiKeys?: unknown };
  if (Array.isArray(parsed.demoAccounts)) writeFileSync(file, JSON.stringify(parsed.demoAccounts));
  // The demo client's API keys, printed in the same line: for the specs that call the API.
  if (parsed.demoApiKeys && typeof parsed.demoApiKeys === "object")
    writeFileSync(demoApiKeysFile(file), JSON.stringify(parsed.demoApiKeys));
}

/** Beside the accounts file: the demo keys ({ secret, publishable }). */
function demoApiKeysFile(accountsFile: string) {
  return path.join(path.dirname(accountsFile), "demo-api-keys.json");
}

function isErrorLine(line: string): boolean {
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== "object" || !("level" in parsed)) return false;
    const level = parsed.level;
    return typeof level === "number" ? level >= 50 : level === "error" || level === "fatal";
  } catch {
    return false;
  }
}

async function waitForReady(baseURL: string, child: ChildProcess | undefined, tail: string[]) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `the server exited with code ${child.exitCode} before it was ready; its last log lines:\n${tail.join("\n")}`,
      );
    }
    try {
      const response = await fetch(new URL("/readyz", baseURL), { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      lastProblem = `/readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(
    `the server at ${baseURL} was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}); its last log lines:\n${tail.join("\n")}`,
  );
}

/** SIGTERM (graceful shutdown), then SIGKILL if it takes too long. */
async function stop(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  child.kill("SIGTERM");
  const result = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => "timeout" as const)]);
  if (result !== "timeout") return result;
  log(`no exit ${STOP_TIMEOUT_MS / 1000} s after SIGTERM: killing`);
  child.kill("SIGKILL");
  return exited;
}
