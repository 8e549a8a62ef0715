// What `npm run soak` prints at the end: the traffic by route group and status, the failures (every 5xx
// and transport error) and refusals, each instance's memory and event-loop delay against the RSS bound,
// PostgreSQL connections, and the credits: balances against ledger sums, usage against what the answers
// stated. A line starting with FAIL fails the soak.
import type { CreditRow } from "./soak-monitoring.ts";
import { clock, endLevel, mb, type SoakRun } from "./soak-drive.ts";
import type { Sender } from "./soak-sender.ts";
import { CLIENTS, CONNECTIONS, RSS_BOUND } from "./soak-settings.ts";
import { GROUPS, isGood, ms, newHistogram, type Stats } from "./soak-stats.ts";
import { formatCount, formatMs, renderTable } from "./stats.ts";

/** Requests, rate and latency per route group, and all of them together. */
function routeGroupsTable(stats: Stats, seconds: number): string {
  let total = 0;
  const totalLatency = newHistogram();
  const rows = GROUPS.map((group) => {
    const g = stats.groups.get(group)!;
    const count = [...g.statuses.values()].reduce((a, b) => a + b, 0);
    total += count;
    totalLatency.add(g.latency);
    const bad = [...g.statuses].filter(([s]) => !isGood(s)).reduce((a, [, n]) => a + n, 0);
    return [
      group,
      formatCount(count),
      (count / seconds).toFixed(1),
      formatMs(ms(g.latency, 50)),
      formatMs(ms(g.latency, 99)),
      formatMs(g.latency.count ? g.latency.max / 1000 : Number.NaN),
      String(bad),
    ];
  });
  rows.push([
    "all",
    formatCount(total),
    (total / seconds).toFixed(1),
    formatMs(ms(totalLatency, 50)),
    formatMs(ms(totalLatency, 99)),
    formatMs(totalLatency.count ? totalLatency.max / 1000 : Number.NaN),
    "",
  ]);
  return renderTable(["route group", "requests", "req/s", "p50", "p99", "max", "non-2xx/3xx"], rows);
}

/** Each route group's answers counted by status. */
function statusLines(stats: Stats): string[] {
  return [
    "Statuses by route group (status 0: no answer — connection failed or timed out):",
    renderTable(
      ["route group", "statuses"],
      GROUPS.map((group) => [
        group,
        [...stats.groups.get(group)!.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}: ${formatCount(n)}`)
          .join(", ") || "–",
      ]),
    ),
  ];
}

/** Every 5xx and transport error (the first 50), then the first refusals of each kind. */
function failureLines(stats: Stats): string[] {
  const lines: string[] = [];
  if (stats.failures.length === 0) lines.push("ok   no 5xx and no transport errors");
  else {
    lines.push(`FAIL ${stats.failures.length} answers were 5xx or never came:`);
    for (const f of stats.failures.slice(0, 50))
      lines.push(
        `  [${clock(f.at)}] instance ${f.instance} ${f.method} ${f.path} → ${f.status || "no answer"}: ${f.detail}`,
      );
    if (stats.failures.length > 50) lines.push(`  … and ${stats.failures.length - 50} more`);
  }
  if (stats.refusals.size > 0) {
    lines.push("Other refusals (not a failure of the soak; the first three of each):");
    for (const [key, examples] of stats.refusals) {
      lines.push(`  ${key}:`);
      for (const f of examples)
        lines.push(`    [${clock(f.at)}] instance ${f.instance} ${f.method} ${f.path}: ${f.detail}`);
    }
  }
  return lines;
}

/** Each instance's RSS and event-loop delay, judged against the RSS bound; PostgreSQL connections. */
function memoryLines(instances: { name: string }[], run: SoakRun, interrupted: boolean): string[] {
  const lines: string[] = [];
  const instanceRows = instances.map((instance) => {
    const f = run.figures.get(instance.name)!;
    return [
      instance.name,
      mb(f.idle.rss),
      mb(f.warm.rss),
      mb(f.end.rss),
      mb(endLevel(f)),
      `${endLevel(f) - f.warm.rss >= 0 ? "+" : ""}${mb(endLevel(f) - f.warm.rss)}`,
      mb(Math.max(f.warm.rss * RSS_BOUND.fraction, RSS_BOUND.bytes)),
      formatMs(f.warm.loopP99),
      formatMs(f.end.loopP99),
      formatMs(f.worstLoopP99),
      formatMs(Math.max(f.warm.loopMax, f.end.loopMax)),
    ];
  });
  lines.push(
    renderTable(
      [
        "instance",
        "RSS idle",
        "after warm-up",
        "end",
        "end level",
        "growth",
        "bound",
        "loop p99 warm-up",
        "last minute",
        "worst minute",
        "max (warm-up/end)",
      ],
      instanceRows,
    ),
  );
  for (const instance of instances) {
    const f = run.figures.get(instance.name)!;
    const bound = Math.max(f.warm.rss * RSS_BOUND.fraction, RSS_BOUND.bytes);
    const growth = endLevel(f) - f.warm.rss;
    if (interrupted) lines.push(`--   instance ${instance.name}: RSS not judged (interrupted)`);
    else if (!Number.isFinite(growth))
      lines.push(`FAIL instance ${instance.name}: RSS could not be read from /metrics`);
    else
      lines.push(
        `${growth <= bound ? "ok  " : "FAIL"} instance ${instance.name}: RSS grew ${mb(growth)} after the warm-up (end level: the median of the last ${Math.min(3, f.rss.length)} minute samples; bound: ${mb(bound)}, the larger of 25% and 150 MB)`,
      );
  }
  lines.push(
    `PostgreSQL connections to the soak's database: ${run.connectionsAtStart.total} at the start (${run.connectionsAtStart.byState}), ${run.connectionsAtEnd.total} at the end (${run.connectionsAtEnd.byState})`,
  );
  return lines;
}

/** Each client's balance against its ledger sum, and the credits charged against those its answers stated. */
function creditLines(credits: CreditRow[], creditsStated: Map<string, number>): string[] {
  const lines = ["Credits (after both instances stopped and wrote their usage):"];
  lines.push(
    renderTable(
      ["client", "balance", "ledger sum", "equal", "charged (usage rows)", "stated by the answers", "equal"],
      credits.map((c) => {
        const stated = creditsStated.get(c.clientId) ?? 0;
        return [
          c.slug,
          formatCount(c.balance),
          formatCount(c.ledger),
          c.balance === c.ledger ? "yes" : "NO",
          formatCount(c.used),
          formatCount(stated),
          c.used === stated ? "yes" : "NO",
        ];
      }),
    ),
  );
  const unequal = credits.filter((c) => c.balance !== c.ledger);
  lines.push(
    unequal.length === 0
      ? `ok   every balance equals its ledger sum (${credits.length} clients)`
      : `FAIL ${unequal.length} balances differ from their ledger sums: ${unequal.map((c) => c.slug).join(", ")}`,
  );
  const misCharged = credits.filter((c) => c.used !== (creditsStated.get(c.clientId) ?? 0));
  lines.push(
    misCharged.length === 0
      ? `ok   every client was charged exactly the credits its answers stated (X-Credits-Cost), ${formatCount(credits.reduce((s, c) => s + c.used, 0))} in all`
      : `FAIL ${misCharged.length} clients were charged other than their answers stated: ${misCharged.map((c) => c.slug).join(", ")}`,
  );
  return lines;
}

/** The report, ending with the heading the servers' log lines follow. */
export function soakReport(
  sender: Sender,
  run: SoakRun,
  credits: CreditRow[],
  interrupted: boolean,
): string[] {
  const { stats } = sender;
  const seconds = run.elapsedMs / 1000;
  return [
    `Soak: ${(seconds / 60).toFixed(1)} min of traffic, ${CONNECTIONS} keep-alive connections alternating between 2 instances (A with the job worker), ${CLIENTS} API clients, on PostgreSQL + Redis`,
    "",
    routeGroupsTable(stats, seconds),
    "",
    ...statusLines(stats),
    "",
    ...failureLines(stats),
    "",
    ...memoryLines(sender.instances, run, interrupted),
    "",
    ...creditLines(credits, sender.creditsStated),
    "",
    "Server logs:",
  ];
}
