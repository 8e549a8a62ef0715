// Child processes for the bench: the real built server (node server/main.ts in production mode, as
// `npm start` runs it) and the bare node:http baseline (bench/bare-server.ts), each on a free loopback
// port with its output going straight to a log file; and autocannon runs against them.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon, { type Request as LoadRequest } from "autocannon";
import { ensureBuild as ensureFreshBuild } from "../scripts/ensure-build.ts";
import { freePort } from "../scripts/free-port.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Builds the app when there is no build or a source is newer (the same check `npm start` does). */
export function ensureBuild() {
  ensureFreshBuild((line) => process.stdout.write(`· ${line}\n`));
}

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

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

/** Spawns the server with `env` added and waits until /readyz answers 200. */
export async function startServer(options: {
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  return startChild({
    script: path.join(root, "server/main.ts"),
    env: {
      NODE_ENV: "production",
      // npm start's own default: every request logged, as a deployment would run.
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      ...options.env,
    },
    logFile: options.logFile,
    readyPath: "/readyz",
    timeoutMs: options.timeoutMs ?? 300_000,
    baseUrl: true,
  });
}

/** The bare node:http baseline (bench/bare-server.ts); with `bodyFile`, answering that file's bytes. */
export async function startBareServer(options: {
  logFile: string;
  bodyFile?: string;
}): Promise<RunningServer> {
  return startChild({
    script: path.join(root, "bench/bare-server.ts"),
    env: options.bodyFile ? { BODY_FILE: options.bodyFile } : {},
    logFile: options.logFile,
    readyPath: "/",
    timeoutMs: 30_000,
    baseUrl: false,
  });
}

async function startChild(options: {
  script: string;
  env: Record<string, string>;
  logFile: string;
  readyPath: string;
  timeoutMs: number;
  baseUrl: boolean;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The child writes its log straight to the file: the bench process (which also runs autocannon)
  // never handles the server's output.
  const log = openSync(options.logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [options.script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ...(options.baseUrl ? { BASE_URL: url } : {}),
      ...options.env,
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
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
  };

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(
        `${path.basename(options.script)} exited with code ${exited} before it was ready; see ${options.logFile}`,
      );
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet (migrating / seeding)
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${path.basename(options.script)} was not ready within ${options.timeoutMs} ms; see ${options.logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid ?? 0, stop };
}

export type Throughput = {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** the server process's CPU time (all threads, user + system) per request; NaN where /proc is missing */
  serverCpuMicrosPerRequest: number;
};

const CLOCK_TICKS = (() => {
  const ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * CPU seconds a process has used (Linux /proc), NaN elsewhere. Beside requests per second it shows what
 * a request costs the server whatever else the machine is doing.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

export type LoadSettings = {
  /** seconds measured */
  durationSeconds: number;
  connections: number;
  /** seconds of the same load first, not measured (JIT, caches, connection set-up) */
  warmupSeconds: number;
};

/**
 * autocannon keeps every response's body by appending its chunks to a string, which decodes them as
 * UTF-8. For a compressed page that decoding costs the load generator several times what the server
 * spends answering (on this kind of machine a bare node:http server sending 12.5 KB of random bytes
 * gets a tenth of the requests/s it gets with 12.5 KB of "a"), so the figure measured the client. No
 * run here reads the bodies: each connection's client drops them (its statistics count bytes apart).
 */
function dropResponseBodies(client: unknown) {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (!queue || typeof queue.addBody !== "function")
    throw new Error("autocannon's client changed: see dropResponseBodies");
  queue.addBody = () => {};
}

/**
 * A warm-up, then `durationSeconds` of load with `connections` concurrent keep-alive connections, one
 * request at a time each (autocannon's defaults otherwise), response bodies dropped unread
 * (dropResponseBodies). The same settings for every target.
 * `pathFor(n)` gives each request its own path (a distinct query per request); without it every request
 * is the same prebuilt one.
 */
export async function measureThroughput(
  url: string,
  settings: LoadSettings,
  options: { headers?: Record<string, string>; pathFor?: (n: number) => string; serverPid?: number } = {},
): Promise<Throughput> {
  const headers = { "accept-language": "en", ...options.headers };
  let n = 0;
  const { pathFor } = options;
  const requests = pathFor
    ? [{ setupRequest: (request: LoadRequest): LoadRequest => ({ ...request, path: pathFor(n++) }) }]
    : undefined;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: settings.connections,
      duration,
      headers,
      setupClient: dropResponseBodies,
      ...(requests ? { requests } : {}),
    });
  if (settings.warmupSeconds > 0) await run(settings.warmupSeconds);
  const cpuBefore = options.serverPid ? processCpuSeconds(options.serverPid) : Number.NaN;
  const result = await run(settings.durationSeconds);
  const cpuUsed = options.serverPid ? processCpuSeconds(options.serverPid) - cpuBefore : Number.NaN;
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuMicrosPerRequest: (cpuUsed * 1e6) / Math.max(1, result.requests.total),
  };
}
