// Part `http` (a) of `npm run bench`: the edge. A bare node:http hello world (bench/bare-server.ts) and
// GET /healthz through the real built server (every middleware, request logging at npm start's level),
// the same autocannon load on each, alternated over BENCH_ROUNDS rounds; medians and the ratio.
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { log } from "./progress.ts";
import { LOAD, LOAD_TEXT, ROUNDS, TARGETS } from "./run-settings.ts";
import { measureThroughput, startBareServer, startBuiltServer, type Throughput } from "./server.ts";
import { cpu, describeRun, pct, rps } from "./side-by-side.ts";
import { formatMs, median, renderTable } from "./stats.ts";

export type EdgeRound = { bare: Throughput; healthz: Throughput };

/** (a) Bare node:http vs /healthz through the real server, alternated so drift hits both alike. */
export async function benchEdge(workDir: string, rounds: EdgeRound[]) {
  const dataDir = path.join(workDir, "edge");
  await mkdir(dataDir, { recursive: true });
  const bare = await startBareServer({ logFile: path.join(workDir, "bare-edge.log") });
  try {
    const server = await startBuiltServer({
      env: { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "false" },
      logFile: path.join(workDir, "server-edge.log"),
    });
    try {
      const headers = { accept: "*/*" };
      for (let round = 1; round <= ROUNDS; round++) {
        const measureHello = () => measureThroughput(`${bare.url}/`, LOAD, { headers, serverPid: bare.pid });
        const measureHealthz = () =>
          measureThroughput(`${server.url}/healthz`, LOAD, { headers, serverPid: server.pid });
        let figures: EdgeRound;
        if (round % 2 === 1) {
          const b = await measureHello();
          figures = { bare: b, healthz: await measureHealthz() };
        } else {
          const h = await measureHealthz();
          figures = { healthz: h, bare: await measureHello() };
        }
        rounds.push(figures);
        log(
          `edge round ${round}/${ROUNDS}: ${describeRun("bare", figures.bare)}; ${describeRun("/healthz", figures.healthz)} ` +
            `(${pct(figures.healthz.requestsPerSecond, figures.bare.requestsPerSecond)})`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await bare.stop();
  }
}

export function edgeReport(rounds: EdgeRound[]): string[] {
  const lines: string[] = [];
  lines.push(
    `(a) Edge — a bare node:http hello world vs GET /healthz through the real server (every middleware, request log at info), ${LOAD_TEXT}, ${rounds.length} rounds alternated`,
  );
  const rows = rounds.map((r, i) => [
    `round ${i + 1}`,
    rps(r.bare),
    formatMs(r.bare.latencyP50),
    formatMs(r.bare.latencyP99),
    cpu(r.bare),
    rps(r.healthz),
    formatMs(r.healthz.latencyP50),
    formatMs(r.healthz.latencyP99),
    cpu(r.healthz),
    pct(r.healthz.requestsPerSecond, r.bare.requestsPerSecond),
    `${r.bare.non2xx + r.healthz.non2xx}/${r.bare.errors + r.healthz.errors}`,
  ]);
  const middle = (pick: (r: EdgeRound) => number) => median(rounds.map(pick));
  const bareMedian = middle((r) => r.bare.requestsPerSecond);
  const healthzMedian = middle((r) => r.healthz.requestsPerSecond);
  const cpuText = (micros: number) => (Number.isFinite(micros) ? `${micros.toFixed(0)} µs` : "–");
  rows.push([
    "median",
    bareMedian.toFixed(0),
    formatMs(middle((r) => r.bare.latencyP50)),
    formatMs(middle((r) => r.bare.latencyP99)),
    cpuText(middle((r) => r.bare.serverCpuMicrosPerRequest)),
    healthzMedian.toFixed(0),
    formatMs(middle((r) => r.healthz.latencyP50)),
    formatMs(middle((r) => r.healthz.latencyP99)),
    cpuText(middle((r) => r.healthz.serverCpuMicrosPerRequest)),
    pct(healthzMedian, bareMedian),
    "",
  ]);
  lines.push(
    renderTable(
      [
        "",
        "bare req/s",
        "p50",
        "p99",
        "CPU/req",
        "/healthz req/s",
        "p50",
        "p99",
        "CPU/req",
        "/healthz ÷ bare",
        "non-2xx/errors",
      ],
      rows,
    ),
  );
  const ratio = healthzMedian / bareMedian;
  lines.push(
    `    /healthz ÷ bare (medians): ${pct(healthzMedian, bareMedian)} — target ≥ ${TARGETS.healthz * 100}%: ${
      ratio >= TARGETS.healthz ? "met" : "NOT met"
    }`,
  );
  lines.push(
    "    CPU/req: the server process's CPU time (all its threads) per request, measured beside the load.",
  );
  return lines;
}
