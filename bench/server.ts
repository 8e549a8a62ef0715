// Starts the real built server (node server/main.ts, production mode) as a child process on a free
// loopback port, and measures a page's throughput with autocannon.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild as ensureFreshBuild } from "../scripts/ensure-build.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Builds the app when there is no build or a source is newer (the same check `npm start` does). */
export function ensureBuild() {
  ensureFreshBuild((line) => process.stdout.write(`· ${line}\n`));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; stop: () => Promise<void> };

/**
 * Checks the build, spawns the server and waits for /readyz. Retries once: on a shared checkout
 * another process may rebuild (or clean) build/ while the bench runs.
 */
export async function startBuiltServer(options: { env: Record<string, string>; logFile: string }) {
  ensureBuild();
  try {
    return await startServer(options);
  } catch (error) {
    process.stdout.write(
      `· ${error instanceof Error ? error.message : String(error)}; checking the build and retrying once\n`,
    );
    ensureBuild();
    return startServer(options);
  }
}

/** Spawns the server with `env` added (output to `logFile`) and waits until /readyz answers 200. */
export async function startServer(options: {
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile, { flags: "a" });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: url,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", (code) => {
      exited = code;
      resolve();
    });
  });

  const stop = async () => {
    if (exited === undefined) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(force);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };

  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`the server exited with code ${exited} before it was ready; see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet (migrating / seeding)
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server was not ready within ${options.timeoutMs ?? 300_000} ms; see ${options.logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}

export type Throughput = {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
};

/** A short warm-up, then `durationSeconds` of load with `connections` concurrent connections. */
export async function measureThroughput(
  url: string,
  options: { durationSeconds: number; connections: number; warmupSeconds?: number },
): Promise<Throughput> {
  const headers = { "accept-language": "en", accept: "text/html" };
  await autocannon({ url, connections: options.connections, duration: options.warmupSeconds ?? 2, headers });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
