// A PostgreSQL server and a Redis server of a test's own, on free ports in temporary directories, that the
// test may stop and start again (the fault tests of issue 23). They never touch the machine's shared
// services. PostgreSQL comes from Debian's binaries (initdb refuses root: as root it runs as the
// `postgres` user), Redis from `redis-server` on PATH. Without them the fault suites skip and say why.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, chownSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.ts";

const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why the own-server tests cannot run here, or undefined when they can. */
export function ownServicesMissing(): string | undefined {
  if (!existsSync(path.join(POSTGRES_BIN, "initdb"))) return `no PostgreSQL binaries in ${POSTGRES_BIN}`;
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
  } catch {
    return "no redis-server on PATH";
  }
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      return "running as root and there is no `postgres` user to run initdb as";
    }
  }
  return undefined;
}

/** Resolves once something accepts TCP connections on the port (or rejects after `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const asPostgresUser = process.getuid?.() === 0;

function runAsPostgres(command: string, args: string[]) {
  const [file, argv] = asPostgresUser
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  return execFileSync(file, argv, { stdio: "pipe", cwd: tmpdir() });
}

export type OwnPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** a URL to a fresh database on this server */
  createDatabase(name: string): Promise<string>;
  /** fast shutdown: connections are cut, as when the server goes away (no-op when stopped) */
  stop(): void;
  /** no-op when running */
  start(): Promise<void>;
  /** stop for good and remove the data directory */
  destroy(): void;
};

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const directory = mkdtempSync(path.join(tmpdir(), "reeltime-own-pg-"));
  const dataDir = path.join(directory, "data");
  if (asPostgresUser)
    chownSync(directory, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  runAsPostgres(path.join(POSTGRES_BIN, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = path.join(POSTGRES_BIN, "pg_ctl");
  let running = false;
  // Both idempotent: a test's clean-up may start what its failed body left stopped.
  const start = async () => {
    if (running) return;
    runAsPostgres(pgCtl, ["-D", dataDir, "-o", options, "-l", path.join(directory, "log"), "-w", "start"]);
    running = true;
    await waitForPort(port);
  };
  const stop = () => {
    if (!running) return;
    runAsPostgres(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    running = false;
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase(name) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', "")}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type OwnRedis = {
  url: string;
  port: number;
  /** SIGKILL: the server vanishes without a goodbye, as a crashed or partitioned Redis does */
  stop(): Promise<void>;
  /** SIGSTOP / SIGCONT: the server hangs with its connections open, as an overloaded or cut-off one does */
  pause(): void;
  resume(): void;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    destroy: async () => {
      child?.kill("SIGCONT");
      await stop();
    },
  };
}
