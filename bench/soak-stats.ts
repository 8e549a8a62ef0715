// What the soak counts as it goes: each route group's latencies and statuses, every 5xx and transport
// error, the first few refusals of each kind, and this minute's requests for the minute line.
import { createHistogram, type RecordableHistogram } from "node:perf_hooks";

export const GROUPS = [
  "api cached",
  "api uncached",
  "change feed",
  "home page",
  "film page",
  "cinema page",
  "widget script",
  "widget showtimes",
  "widget events",
  "sign-in",
  "studio signed in",
  "sign-out",
] as const;
export type Group = (typeof GROUPS)[number];

export const newHistogram = () => createHistogram({ lowest: 1, highest: 120_000_000, figures: 3 });

type GroupStats = { latency: RecordableHistogram; statuses: Map<number, number> };
export type Failure = {
  at: number;
  instance: string;
  method: string;
  path: string;
  status: number;
  detail: string;
};

export class Stats {
  readonly groups = new Map<Group, GroupStats>(
    GROUPS.map((g) => [g, { latency: newHistogram(), statuses: new Map() }]),
  );
  /** every 5xx and transport error (status 0) */
  readonly failures: Failure[] = [];
  /** the first few answers of each other refusal (4xx), by route group and status */
  readonly refusals = new Map<string, Failure[]>();
  /** this minute's requests, for the minute line */
  minute = { latency: newHistogram(), count: 0, bad: 0, failed: 0 };
  started = 0;

  record(group: Group, micros: number, status: number) {
    const stats = this.groups.get(group)!;
    stats.latency.record(Math.max(1, Math.round(micros)));
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    this.minute.latency.record(Math.max(1, Math.round(micros)));
    this.minute.count++;
    if (!isGood(status)) this.minute.bad++;
    if (isFailure(status)) this.minute.failed++;
  }

  takeMinute() {
    const minute = this.minute;
    this.minute = { latency: newHistogram(), count: 0, bad: 0, failed: 0 };
    return minute;
  }
}

export const isGood = (status: number) => status >= 200 && status < 400;
/** a 5xx, or no answer at all (status 0: the connection failed or timed out) */
export const isFailure = (status: number) => status === 0 || status >= 500;
export const ms = (histogram: RecordableHistogram, p: number) =>
  histogram.count ? histogram.percentile(p) / 1000 : Number.NaN;
