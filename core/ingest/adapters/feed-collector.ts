// Gathers one feed's showtimes, problems and cinemas; a second showtime with a ref already seen is
// reported, not imported (the ref is the upsert key, so two rows would fight over one showtime).
import type { FeedCinema, FeedShowtime, ImportProblem, ParsedFeed } from "../feed.ts";

export class FeedCollector {
  readonly #showtimes: FeedShowtime[] = [];
  readonly #problems: ImportProblem[] = [];
  readonly #cinemas: FeedCinema[] = [];
  readonly #seen = new Map<string, string>();

  showtime(showtime: FeedShowtime) {
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
    this.#problems.push(...problems);
  }

  cinema(cinema: FeedCinema) {
    this.#cinemas.push(cinema);
  }

  result(): ParsedFeed {
    return { showtimes: this.#showtimes, problems: this.#problems, cinemas: this.#cinemas };
  }
}

/** Drops the undefined members, so a FeedShowtime holds only what the feed said. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
