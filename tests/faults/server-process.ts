// The real server (`node server/main.ts`, the production build) as a child process for the fault suites:
// its JSON log lines, the demo API keys it prints on its first start, readiness, and how it ends.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** A start on a loaded machine (migrations, demo data on PostgreSQL) can take long; readiness waits this. */
const READY_BUDGET_MS = 150_000;

export type LogLine = { level: number; msg: string; [field: string]: unknown };

export type ServerProcess = {
  url: (pathname: string) => string;
  port: number;
  child: ChildProcess;
  /** every JSON log line so far */
  logs: () => LogLine[];
  /** the demo API keys of the first start (SEED_DEMO=true) */
  demoKeys: () => { secret: string; publishable: string };
  /** resolves with the exit code */
  exited: Promise<number | null>;
  /** sends the signal; resolves with the exit code and how long the exit took */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>;
  dataDir: string;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reeltime-fault-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  let partial = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const deadline = Date.now() + READY_BUDGET_MS;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not become ready: ${stderr}\n${lines.map((l) => l.msg).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    port,
    child,
    dataDir,
    logs: () => lines,
    demoKeys() {
      const line = lines.find((l) => typeof l.demoApiKeys === "object" && l.demoApiKeys !== null);
      if (!line)
        throw new Error("the server printed no demo API keys (SEED_DEMO=true on an empty database?)");
      return line.demoApiKeys as { secret: string; publishable: string };
    },
    exited,
    async stop(signal = "SIGTERM") {
      const started = performance.now();
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      const ms = Math.round(performance.now() - started);
      await rm(dataDir, { recursive: true, force: true });
      return { code, ms };
    },
  };
}

/** Resolves once `probe` is true (polled), or rejects after `timeoutMs` naming `what`. */
export async function eventually(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One timed request: status, how long it took, and its body. */
export async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body, headers: response.headers };
}
