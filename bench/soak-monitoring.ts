// What the soak reads beside its traffic: each instance's RSS and event-loop delay (from /metrics), the
// connections to its PostgreSQL database, each client's balance, ledger sum and usage, and the servers'
// own warnings and errors from their logs.
import { readFile } from "node:fs/promises";
import type pg from "pg";
import type { Instance } from "./soak-instances.ts";

export type Probe = { rss: number; loopP99: number; loopMax: number };

/** RSS and the event-loop delay since the previous scrape (prom-client resets its histogram on each). */
export async function readMetrics(instance: { url: string }): Promise<Probe> {
  const value = (text: string, name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text);
    return match ? Number(match[1]) : Number.NaN;
  };
  try {
    const response = await fetch(`${instance.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (!response.ok) return { rss: Number.NaN, loopP99: Number.NaN, loopMax: Number.NaN };
    return {
      rss: value(text, "process_resident_memory_bytes"),
      loopP99: value(text, "nodejs_eventloop_lag_p99_seconds") * 1000,
      loopMax: value(text, "nodejs_eventloop_lag_max_seconds") * 1000,
    };
  } catch {
    return { rss: Number.NaN, loopP99: Number.NaN, loopMax: Number.NaN };
  }
}

export type Connections = { total: number; byState: string };

/** Connections to the soak's database, the soak's own monitoring connection left out. */
export async function pgConnections(monitor: pg.Client): Promise<Connections> {
  const { rows } = await monitor.query<{ state: string | null; n: string }>(
    "select state, count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by state order by state",
  );
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    byState: rows.map((r) => `${r.state ?? "none"} ${r.n}`).join(", "),
  };
}

export type CreditRow = { slug: string; clientId: string; balance: number; ledger: number; used: number };

/** Each client's balance, its ledger sum and the credits its usage rows charged. */
export async function creditRows(monitor: pg.Client): Promise<CreditRow[]> {
  const { rows } = await monitor.query<{
    slug: string;
    client_id: string;
    balance: string | null;
    ledger: string;
    used: string;
  }>(`select c.slug, c.uuid as client_id, b.balance,
        (select coalesce(sum(delta), 0) from credit_transactions t where t.client_id = c.uuid) as ledger,
        (select coalesce(-sum(delta), 0) from credit_transactions t where t.client_id = c.uuid and t.kind = 'usage') as used
      from clients c left join credit_balances b on b.client_id = c.uuid order by c.slug`);
  return rows.map((r) => ({
    slug: r.slug,
    clientId: r.client_id,
    balance: Number(r.balance ?? 0),
    ledger: Number(r.ledger),
    used: Number(r.used),
  }));
}

/**
 * The servers' own warnings, errors and fatal lines (pino, levels as labels): counted by level and
 * message, with the first error lines in full (cut at 600 characters).
 */
export async function serverLogLines(instances: Pick<Instance, "name" | "logFile">[]) {
  const lines: string[] = [];
  for (const instance of instances) {
    const text = await readFile(instance.logFile, "utf8").catch(() => "");
    const counts = new Map<string, number>();
    const errors: string[] = [];
    for (const line of text.split("\n")) {
      const level = /"level":"(warn|error|fatal)"/.exec(line)?.[1];
      if (!level) continue;
      const message = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? "";
      const key = `${level}: ${message}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (level !== "warn") errors.push(line);
    }
    lines.push(
      `  instance ${instance.name}: ${counts.size === 0 ? "no warnings or errors" : [...counts].map(([key, n]) => `${n} × ${key}`).join("; ")}`,
    );
    for (const line of errors.slice(0, 5)) lines.push(`    ${line.slice(0, 600)}`);
  }
  return lines;
}
