// Part `api` (d) of `npm run bench`: the public API at BENCH_SHOWTIMES showtimes. GET /api/v1/showtimes
// with a secret key, cached (the same query again and again: the response cache answers) and uncached
// (every request a distinct query: the key, limiter, credits and the real handler + database each time),
// beside the bare server measured again just before, with the ratios; and uncached again from one
// connection (a request's own latency, with nothing queued in front of it).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { log } from "./progress.ts";
import { BIG, LOAD, LOAD_TEXT, TARGETS } from "./run-settings.ts";
import { measureThroughput, type Throughput } from "./server.ts";
import { cpu, describeRun, measureBare, pct, rps } from "./side-by-side.ts";
import { formatMs, renderTable } from "./stats.ts";

/**
 * bareSameBytes: the bare server answering the cached answer's bytes. uncachedAlone: the uncached query
 * from one connection, so no request waits behind another.
 */
export type ApiFigures = {
  bare: Throughput;
  bareSameBytes: Throughput;
  cached: Throughput;
  uncached: Throughput;
  uncachedAlone: Throughput;
};

/** The API query of part (d): the next 24 hours of shows in Amsterdam, first page (50). */
function showtimesPath(from: Date) {
  const to = new Date(from.getTime() + 24 * 3_600_000);
  return `/api/v1/showtimes?city=amsterdam&from=${from.toISOString()}&to=${to.toISOString()}`;
}

/** (d) The API's showtimes list on the grown database: bare again, then cached, then uncached. */
export async function benchApi(
  server: { url: string; pid: number },
  apiKey: string,
  workDir: string,
  engine: string,
): Promise<ApiFigures> {
  const serverUrl = server.url;
  const headers = { accept: "application/json", authorization: `Bearer ${apiKey}` };
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
  const cachedPath = showtimesPath(from);
  const probe = await fetch(`${serverUrl}${cachedPath}`, { headers });
  const probeBody = await probe.text();
  if (!probe.ok) throw new Error(`GET ${cachedPath} answered ${probe.status}: ${probeBody.slice(0, 300)}`);
  const count = (JSON.parse(probeBody) as { data?: unknown[] }).data?.length ?? 0;
  log(`${engine}: GET ${cachedPath} → ${probe.status}, ${count} showtimes, ${probeBody.length} bytes`);

  const bare = await measureBare(workDir, `bare-${engine}`);
  log(`${engine}: ${describeRun("bare", bare)}`);
  // For scale: the bare server answering the very bytes of this API answer.
  const bodyFile = path.join(workDir, `api-answer-${engine}.json`);
  await writeFile(bodyFile, probeBody);
  const bareSameBytes = await measureBare(workDir, `bare-same-bytes-${engine}`, bodyFile);
  log(`${engine}: ${describeRun("bare, the API answer's bytes", bareSameBytes)}`);
  const cached = await measureThroughput(`${serverUrl}${cachedPath}`, LOAD, {
    headers,
    serverPid: server.pid,
  });
  log(`${engine}: ${describeRun("showtimes cached", cached)}`);
  // Each request `from` one millisecond later: a distinct query, so the response cache never answers.
  const uncached = await measureThroughput(serverUrl, LOAD, {
    headers,
    serverPid: server.pid,
    pathFor: (n) => showtimesPath(new Date(from.getTime() + 1 + n)),
  });
  log(`${engine}: ${describeRun("showtimes uncached", uncached)}`);
  // The same from one connection: a request's own latency, without queueing behind nine others.
  const uncachedAlone = await measureThroughput(
    serverUrl,
    { ...LOAD, connections: 1 },
    {
      headers,
      serverPid: server.pid,
      pathFor: (n) => showtimesPath(new Date(from.getTime() + 1_000_000 + n)),
    },
  );
  log(`${engine}: ${describeRun("showtimes uncached, one connection", uncachedAlone)}`);
  return { bare, bareSameBytes, cached, uncached, uncachedAlone };
}

/** Each engine: bare, cached and uncached side by side, then the ratios and latencies against the targets. */
export function apiReport(results: { engine: string; api?: ApiFigures }[]): string[] {
  const lines: string[] = [];
  lines.push(
    `(d) API — GET /api/v1/showtimes?city=amsterdam (next 24 h, 50 per page) with a secret key at ${BIG} showtimes, ${LOAD_TEXT}; ` +
      "uncached: every request a distinct query (`from` 1 ms later), so key, limiter, credits, handler and database run each time",
  );
  lines.push(
    renderTable(
      [
        "engine",
        "bare req/s",
        "CPU/req",
        "cached req/s",
        "p50",
        "p99",
        "CPU/req",
        "cached ÷ bare",
        "uncached req/s",
        "p50",
        "p99",
        "CPU/req",
        "uncached ÷ bare",
        "non-2xx/errors",
      ],
      results
        .filter((r) => r.api)
        .map((r) => {
          const { bare, cached, uncached } = r.api!;
          return [
            r.engine,
            rps(bare),
            cpu(bare),
            rps(cached),
            formatMs(cached.latencyP50),
            formatMs(cached.latencyP99),
            cpu(cached),
            pct(cached.requestsPerSecond, bare.requestsPerSecond),
            rps(uncached),
            formatMs(uncached.latencyP50),
            formatMs(uncached.latencyP99),
            cpu(uncached),
            pct(uncached.requestsPerSecond, bare.requestsPerSecond),
            `${cached.non2xx + uncached.non2xx}/${cached.errors + uncached.errors}`,
          ];
        }),
    ),
  );
  for (const r of results) {
    if (!r.api) continue;
    const cachedRatio = r.api.cached.requestsPerSecond / r.api.bare.requestsPerSecond;
    const checks = [
      `cached ÷ bare ${pct(r.api.cached.requestsPerSecond, r.api.bare.requestsPerSecond)} (target ≥ ${TARGETS.cached * 100}%: ${cachedRatio >= TARGETS.cached ? "met" : "NOT met"})`,
    ];
    checks.push(
      `for scale, the bare server sending the same bytes: ${rps(r.api.bareSameBytes)} req/s, cached ÷ that ${pct(r.api.cached.requestsPerSecond, r.api.bareSameBytes.requestsPerSecond)}`,
    );
    const alone = r.api.uncachedAlone;
    checks.push(
      `uncached from one connection: ${rps(alone)} req/s, p50 ${formatMs(alone.latencyP50)}, p99 ${formatMs(alone.latencyP99)}`,
    );
    if (r.engine === "postgres") {
      const verdict = (p99: number) => (p99 <= TARGETS.uncachedP99Ms ? "met" : "NOT met");
      checks.push(
        `uncached p99 (target ≤ ${TARGETS.uncachedP99Ms} ms): ${formatMs(r.api.uncached.latencyP99)} at ${LOAD.connections} connections (${verdict(r.api.uncached.latencyP99)}), ${formatMs(alone.latencyP99)} from one (${verdict(alone.latencyP99)})`,
      );
    }
    lines.push(`    ${r.engine}: ${checks.join("; ")}`);
  }
  return lines;
}
