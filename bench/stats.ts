// Small helpers for the benchmarks: percentiles, durations and a plain-text table.

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(samples: readonly number[]) {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
  };
}

export function formatMs(ms: number) {
  if (!Number.isFinite(ms)) return "–";
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** "×3.40" for 1M ÷ demo; "–" when either side is missing. */
export function formatRatio(value: number, base: number) {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base === 0) return "–";
  return `×${(value / base).toFixed(2)}`;
}

export function formatCount(n: number) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
}

/** Left-aligned first column, right-aligned numbers, a rule under the header. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Runs `fn` until `iterations` samples or `maxMs` elapsed (after `warmup` unmeasured runs). */
export async function sample<T>(
  fn: () => Promise<T>,
  options: { iterations: number; warmup: number; maxMs: number },
): Promise<{ samples: number[]; last: T | undefined }> {
  let last: T | undefined;
  for (let i = 0; i < options.warmup; i++) last = await fn();
  const samples: number[] = [];
  const deadline = performance.now() + options.maxMs;
  while (samples.length < options.iterations && (samples.length < 5 || performance.now() < deadline)) {
    const started = performance.now();
    last = await fn();
    samples.push(performance.now() - started);
  }
  return { samples, last };
}
