// The soak's traffic phase: SOAK_CONNECTIONS workers send the mix for SOAK_MINUTES while a line is printed
// after the warm-up, every minute and at the end (throughput, latency, statuses, each instance's RSS and
// event-loop delay, PostgreSQL connections), and each instance's memory figures are kept for the report.
import type pg from "pg";
import { log } from "./progress.ts";
import type { Instance } from "./soak-instances.ts";
import { interruption, pause } from "./soak-interruption.ts";
import { type Connections, pgConnections, type Probe, readMetrics } from "./soak-monitoring.ts";
import type { Sender } from "./soak-sender.ts";
import { CONNECTIONS, DURATION_MS, WARMUP_MS } from "./soak-settings.ts";
import { ms } from "./soak-stats.ts";
import type { Traffic } from "./soak-traffic.ts";
import { formatMs, median } from "./stats.ts";

export type InstanceFigures = {
  idle: Probe;
  warm: Probe;
  end: Probe;
  /** the largest event-loop p99 of any minute */
  worstLoopP99: number;
  /** RSS at each minute line after the warm-up (the end one included) */
  rss: number[];
};

export type SoakRun = {
  /** by instance name */
  figures: Map<string, InstanceFigures>;
  connectionsAtStart: Connections;
  connectionsAtEnd: Connections;
  elapsedMs: number;
};

/**
 * The level RSS ended at: the median of the last three minute samples (fewer in a short run). RSS swings
 * by a hundred MB and more from one minute to the next as V8 grows and returns its heap; a leak is a
 * trend, and the median keeps it while one high sample at the end does not count as growth.
 */
export const endLevel = (f: InstanceFigures) => median(f.rss.slice(-3));

export const mb = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : "–";
/** "m:ss" since the traffic started. */
export const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** The progress lines of the traffic phase; each reads the instances' metrics into their figures. */
class MinuteLines {
  /** after the warm-up, each line's RSS counts towards the end level */
  warmedUp = false;
  private lastLine: number;
  private readonly started: number;
  private readonly sender: Sender;
  private readonly monitor: pg.Client;
  private readonly figures: Map<string, InstanceFigures>;

  constructor(sender: Sender, monitor: pg.Client, figures: Map<string, InstanceFigures>, started: number) {
    this.sender = sender;
    this.monitor = monitor;
    this.figures = figures;
    this.started = started;
    this.lastLine = started;
  }

  async print(label: string) {
    const minute = this.sender.stats.takeMinute();
    const now = performance.now();
    const rate = minute.count / ((now - this.lastLine) / 1000);
    this.lastLine = now;
    const parts = [
      `[${clock(now - this.started)}] ${label}`,
      `${rate.toFixed(0)} req/s`,
      `p50 ${formatMs(ms(minute.latency, 50))}, p99 ${formatMs(ms(minute.latency, 99))}`,
      `non-2xx/3xx ${minute.bad}, 5xx/failed ${minute.failed}`,
    ];
    for (const instance of this.sender.instances) {
      const probe = await readMetrics(instance);
      const f = this.figures.get(instance.name)!;
      f.end = probe;
      if (this.warmedUp) f.rss.push(probe.rss);
      if (!(f.worstLoopP99 >= probe.loopP99)) f.worstLoopP99 = probe.loopP99;
      parts.push(`${instance.name}: RSS ${mb(probe.rss)}, loop p99 ${formatMs(probe.loopP99)}`);
    }
    const connections = await pgConnections(this.monitor);
    parts.push(`PostgreSQL ${connections.total} connections`);
    process.stdout.write(`${parts.join(" · ")}\n`);
  }
}

/** Each instance's figures, all starting from its idle metrics. */
async function idleFigures(instances: Instance[]) {
  const figures = new Map<string, InstanceFigures>();
  for (const instance of instances) {
    const idle = await readMetrics(instance);
    figures.set(instance.name, { idle, warm: idle, end: idle, worstLoopP99: Number.NaN, rss: [] });
  }
  return figures;
}

/** The traffic for SOAK_MINUTES (less when interrupted), recorded from the first request. */
export async function drive(traffic: Traffic, sender: Sender, monitor: pg.Client): Promise<SoakRun> {
  const { instances } = sender;
  const figures = await idleFigures(instances);
  const connectionsAtStart = await pgConnections(monitor);
  log(
    `PostgreSQL connections before the traffic: ${connectionsAtStart.total} (${connectionsAtStart.byState})`,
  );

  const started = performance.now();
  const stopAt = started + DURATION_MS;
  sender.startRecording();
  let running = true;
  const workers = Array.from({ length: CONNECTIONS }, async () => {
    while (running) await traffic.step();
  });
  const lines = new MinuteLines(sender, monitor, figures, started);

  // Warm-up: the RSS after it is the level the bound is measured from.
  await pause(WARMUP_MS);
  lines.warmedUp = true;
  if (!interruption.signal.aborted) {
    await lines.print("warm-up done");
    for (const instance of instances) {
      const f = figures.get(instance.name)!;
      f.warm = f.end;
    }
  }
  let nextMark = started + 60_000;
  while (!interruption.signal.aborted && performance.now() < stopAt) {
    await pause(Math.min(nextMark, stopAt) - performance.now());
    if (interruption.signal.aborted || performance.now() >= stopAt) break;
    await lines.print("minute");
    nextMark += 60_000;
  }
  running = false;
  await Promise.all(workers);
  const elapsedMs = performance.now() - started;
  if (!interruption.signal.aborted) await lines.print("end");
  const connectionsAtEnd = await pgConnections(monitor);
  return { figures, connectionsAtStart, connectionsAtEnd, elapsedMs };
}
