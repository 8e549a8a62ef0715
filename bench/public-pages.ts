// Part `pages` (c) of `npm run bench`: the public pages at the demo size and at BENCH_SHOWTIMES
// showtimes. The home page's and Paris's HTML size, GET / from the page cache beside the bare server
// (hello world, and the home page's own bytes), and Paris rendered anew for every request (a distinct
// query: the page cache misses), under load and from one connection.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { log } from "./progress.ts";
import { BIG, LOAD, LOAD_TEXT, type Size, TARGETS } from "./run-settings.ts";
import { measureThroughput, type Throughput } from "./server.ts";
import { describeRun, measureBare, pct, rps } from "./side-by-side.ts";
import { formatCount, formatMs, renderTable } from "./stats.ts";

/** Part (c): the public pages beside the bare server, at one size. */
export type PageFigures = {
  homeBytes: number;
  parisBytes: number;
  bare: Throughput;
  bareSameBytes: Throughput;
  /** GET / again and again, asking for brotli as browsers do: the page cache answers */
  cachedHome: Throughput;
  /** the same without Accept-Encoding: every request carries the whole HTML */
  cachedHomeIdentity: Throughput;
  homeBrotliBytes: number;
  /** every request another URL (?city=Paris&n=…): the page cache misses, the listing data is shared */
  uncachedParis: Throughput;
  uncachedParisAlone: Throughput;
};

/**
 * (c) The public pages: the home page's and Paris's HTML size; the bare server (hello world, and the
 * home page's own bytes); GET / from the page cache; Paris rendered anew for every request (a distinct
 * query each time: the page cache misses; the listing data cache is part of the design and answers),
 * under the common load and from one connection (a render's own latency).
 */
export async function benchPages(
  server: { url: string; pid: number },
  workDir: string,
  name: string,
): Promise<PageFigures> {
  const headers = { accept: "text/html" };
  const fetchPage = async (pagePath: string) => {
    const response = await fetch(`${server.url}${pagePath}`, {
      headers: { ...headers, "accept-encoding": "identity" },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${pagePath} answered ${response.status}`);
    return body;
  };
  const home = await fetchPage("/");
  const paris = await fetchPage("/?city=Paris");
  const homeBytes = Buffer.byteLength(home);
  const parisBytes = Buffer.byteLength(paris);
  log(`${name}: GET / ${formatCount(homeBytes)} bytes, /?city=Paris ${formatCount(parisBytes)} bytes`);

  const bare = await measureBare(workDir, `bare-pages-${name}`);
  log(`${name}: ${describeRun("bare", bare)}`);
  const bodyFile = path.join(workDir, `home-${name}.html`);
  await writeFile(bodyFile, home);
  const bareSameBytes = await measureBare(workDir, `bare-home-bytes-${name}`, bodyFile);
  log(`${name}: ${describeRun("bare, the home page's bytes", bareSameBytes)}`);
  const brotli = await fetch(`${server.url}/`, { headers: { ...headers, "accept-encoding": "br" } });
  const homeBrotliBytes = Number(brotli.headers.get("content-length"));
  await brotli.arrayBuffer();
  const cachedHome = await measureThroughput(`${server.url}/`, LOAD, {
    headers: { ...headers, "accept-encoding": "br, gzip" },
    serverPid: server.pid,
  });
  log(`${name}: ${describeRun(`GET / (page cache, br: ${formatCount(homeBrotliBytes)} bytes)`, cachedHome)}`);
  const cachedHomeIdentity = await measureThroughput(`${server.url}/`, LOAD, {
    headers,
    serverPid: server.pid,
  });
  log(`${name}: ${describeRun("GET / (page cache, uncompressed)", cachedHomeIdentity)}`);
  const uncachedParis = await measureThroughput(server.url, LOAD, {
    headers,
    serverPid: server.pid,
    pathFor: (n) => `/?city=Paris&n=${n}`,
  });
  log(`${name}: ${describeRun("Paris, rendered each time", uncachedParis)}`);
  const uncachedParisAlone = await measureThroughput(
    server.url,
    { ...LOAD, connections: 1 },
    { headers, serverPid: server.pid, pathFor: (n) => `/?city=Paris&n=${1_000_000 + n}` },
  );
  log(`${name}: ${describeRun("Paris, rendered each time, one connection", uncachedParisAlone)}`);
  return {
    homeBytes,
    homeBrotliBytes,
    parisBytes,
    bare,
    bareSameBytes,
    cachedHome,
    cachedHomeIdentity,
    uncachedParis,
    uncachedParisAlone,
  };
}

/** Each engine and size: the HTML sizes, the cached home beside the bare server, and the Paris render. */
export function pagesReport(
  results: { engine: string; http: Partial<Record<Size, PageFigures>> }[],
): string[] {
  const lines = [
    `(c) Public pages — bare node:http vs GET / from the page cache (asking for br, gzip as browsers do; and uncompressed beside the bare server sending the same bytes), and Paris rendered for every request (page cache missed), ${LOAD_TEXT}`,
    `    targets: cached home ≥ ${TARGETS.cachedHome * 100}% of the bare server's req/s, Paris render p50 ≤ ${TARGETS.parisRenderP50Ms} ms (one connection), home HTML ≤ ${TARGETS.homeKb} KB`,
  ];
  const rows: string[][] = [];
  for (const r of results) {
    for (const size of ["demo", "big"] as const) {
      const f = r.http[size];
      if (!f) continue;
      const ratio = f.cachedHome.requestsPerSecond / f.bare.requestsPerSecond;
      rows.push([
        `${r.engine} ${size === "big" ? BIG : "demo"}`,
        `${(f.homeBytes / 1024).toFixed(1)} KB ${f.homeBytes <= TARGETS.homeKb * 1024 ? "met" : "NOT met"} (br ${(f.homeBrotliBytes / 1024).toFixed(1)} KB)`,
        `${(f.parisBytes / 1024).toFixed(1)} KB`,
        rps(f.bare),
        `${rps(f.bareSameBytes)} / ${rps(f.cachedHomeIdentity)}`,
        rps(f.cachedHome),
        `${pct(f.cachedHome.requestsPerSecond, f.bare.requestsPerSecond)} ${ratio >= TARGETS.cachedHome ? "met" : "NOT met"}`,
        formatMs(f.cachedHome.latencyP50),
        `${rps(f.uncachedParis)} / ${formatMs(f.uncachedParis.latencyP50)}`,
        `${formatMs(f.uncachedParisAlone.latencyP50)} ${f.uncachedParisAlone.latencyP50 <= TARGETS.parisRenderP50Ms ? "met" : "NOT met"}`,
        formatMs(f.uncachedParisAlone.latencyP99),
        `${f.cachedHome.non2xx + f.uncachedParis.non2xx + f.uncachedParisAlone.non2xx}/${f.cachedHome.errors + f.uncachedParis.errors + f.uncachedParisAlone.errors}`,
      ]);
    }
  }
  lines.push(
    renderTable(
      [
        "engine size",
        "home HTML",
        "Paris HTML",
        "bare req/s",
        "uncompressed: bare with home bytes / cached home",
        "cached home req/s (br)",
        "÷ bare",
        "cached p50",
        "Paris render req/s / p50",
        "Paris render p50, 1 conn",
        "p99, 1 conn",
        "non-2xx/errors",
      ],
      rows,
    ),
  );
  return lines;
}
