// Gathers one feed's showtimes, problems and cinemas; a second showtime with a ref already seen is
// reported, not imported (the ref is the upsert key, so two rows would fight over one showtime).
// PostgreSQL text cannot hold a NUL character: a feed's stray NULs are dropped here, where every
// adapter's output passes.
import type { FeedCinema, FeedShowtime, ImportProblem, ParsedFeed } from "../feed.ts";

export class FeedCollector {
  #showtimes: FeedShowtime[] = [];
  #problems: ImportProblem[] = [];
  #cinemas: FeedCinema[] = [];
  readonly #seen = new Map<string, string>();

  showtime(read: FeedShowtime) {
    const showtime = withoutNul(read);
    const first = this.#seen.get(showtime.ref);
    if (first !== undefined) {
      this.problem({
        where: showtime.where,
        field: "ref",
        message: "ingest.problem.duplicateRef",
        values: { ref: showtime.ref, first },
      });
      return;
    }
    this.#seen.set(showtime.ref, showtime.where);
    this.#showtimes.push(showtime);
  }

  problem(...problems: ImportProblem[]) {
    for (const problem of problems) this.#problems.push(withoutNul(problem));
  }

  cinema(cinema: FeedCinema) {
    this.#cinemas.push(withoutNul(cinema));
  }

  /** showtimes gathered since the last take() */
  get size(): number {
    return this.#showtimes.length;
  }

  result(): ParsedFeed {
    return { showtimes: this.#showtimes, problems: this.#problems, cinemas: this.#cinemas };
  }

  /** What was gathered so far, handed over and forgotten (the refs seen are kept): one part of a feed. */
  take(): ParsedFeed {
    const part = this.result();
    this.#showtimes = [];
    this.#problems = [];
    this.#cinemas = [];
    return part;
  }
}

/** Drops the undefined members, so a FeedShowtime holds only what the feed said. */
export function compact<T extends object>(value: T): T {
  const kept: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) kept[key] = value[key];
  return kept as T;
}

const NUL = "\u0000";

/** The value with every NUL character taken out of its strings (a row, its lists and hints); untouched when it has none. */
function withoutNul<T>(value: T, depth = 0): T {
  if (typeof value === "string") return (value.includes(NUL) ? value.replaceAll(NUL, "") : value) as T;
  if (depth > 2 || typeof value !== "object" || value === null) return value;
  // Copied only once something changes: almost every row has no NUL, and this runs for every row.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const clean = withoutNul(item, depth + 1);
      if (clean !== item) (copy ??= [...value])[index] = clean;
    });
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const clean = withoutNul(item, depth + 1);
    if (clean !== item) (copy ??= { ...record })[key] = clean;
  }
  return (copy ?? value) as T;
}
