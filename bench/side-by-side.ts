// The side-by-side helpers of `npm run bench`: the bare node:http server measured under the same load as
// a target, and the figures of a load run as the progress lines and the tables print them.
import path from "node:path";
import { LOAD } from "./run-settings.ts";
import { measureThroughput, startBareServer, type Throughput } from "./server.ts";
import { formatMs } from "./stats.ts";

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const rps = (t: Throughput | undefined) => (t?.requestsPerSecond ?? Number.NaN).toFixed(0);
/** `value` as a percentage of `base`; "–" when either is missing. */
export const pct = (value: number, base: number) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${((100 * value) / base).toFixed(0)}%` : "–";
/** The server's CPU time per request. */
export const cpu = (t: Throughput | undefined) =>
  Number.isFinite(t?.serverCpuMicrosPerRequest) ? `${t!.serverCpuMicrosPerRequest.toFixed(0)} µs` : "–";
/** One load run as a progress line. */
export const describeRun = (label: string, t: Throughput) =>
  `${label}: ${t.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(t.latencyP50)}, p99 ${formatMs(t.latencyP99)}, server CPU ${cpu(t)}/request` +
  (t.non2xx || t.errors ? ` (${t.non2xx} non-2xx, ${t.errors} errors)` : "");

/** The bare server (hello world, or `bodyFile`'s bytes) under the same load as every target. */
export async function measureBare(workDir: string, name: string, bodyFile?: string): Promise<Throughput> {
  const bareServer = await startBareServer({ logFile: path.join(workDir, `${name}.log`), bodyFile });
  try {
    return await measureThroughput(`${bareServer.url}/`, LOAD, {
      headers: { accept: "*/*" },
      serverPid: bareServer.pid,
    });
  } finally {
    await bareServer.stop();
  }
}
