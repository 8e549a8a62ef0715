// The real start-up script as a process: configuration errors, readiness, graceful shutdown.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/free-port.ts";

const root = path.resolve(import.meta.dirname, "..");
/**
 * A process start on a loaded machine (a migration, the build import) can take far longer than usual:
 * the test waits up to READY_BUDGET_MS for readiness, and its own timeout is well beyond that, so it
 * fails on "not ready" with the process output, never by racing the runner's deadline.
 */
const READY_BUDGET_MS = 120_000;
const TEST_TIMEOUT_MS = READY_BUDGET_MS + 60_000;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("start-up configuration", () => {
  it.each([
    ["PORT", "abc"],
    ["GTM_ID", "UA-1"],
    ["DATABASE_URL", "mysql://nope"],
    ["TRUSTED_PROXIES", "everyone"],
    ["METRICS_TOKEN", "short"],
  ])(
    "exits non-zero with one line naming %s=%s",
    async (name, value) => {
      const run = start({ [name]: value });
      expect(await run.exited).not.toBe(0);
      const lines = run.output().stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(name);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("serving and graceful shutdown", () => {
  it(
    "becomes ready, answers with JSON request logs, and stops cleanly on SIGTERM",
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "reeltime-main-"));
      dirs.push(dataDir);
      const port = await freePort();
      const run = start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false" });
      const deadline = Date.now() + READY_BUDGET_MS;
      let ready = false;
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      if (!ready) run.child.kill("SIGKILL");
      expect(ready, JSON.stringify(run.output())).toBe(true);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
        headers: { "x-request-id": "main-test-request-1" },
      });
      expect(res.status).toBe(200);

      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      const lines = run
        .output()
        .stdout.trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((l) => l.requestId === "main-test-request-1")).toMatchObject({
        path: "/healthz",
        status: 200,
      });
      expect(lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(["listening", "shutting down", "stopped"]),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
