// An import run's matching step (core/ingest/run-import.ts): settled rows linked to movies, each distinct
// title matched once per run, and showtimes a feed lists twice under another ref dropped.
import type { ImportCounts, ImportProblem } from "../../db/schema/ingest.ts";
import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";
import type { MatchResult, MovieMatcher } from "../matching/create-movie-matcher.ts";
import type { FeedShowtime } from "./feed.ts";
import type { Settled } from "./settle-feed-rows.ts";
import type { ShowtimeWrite } from "./upsert-feed-showtimes.ts";

type Linked = { row: FeedShowtime; write: ShowtimeWrite };

/** The run's missing links: per normalized title no movie matched, its first row and the candidates. */
export type Unmatched = Map<string, { row: FeedShowtime; candidates: MatchResult["candidates"] }>;

/**
 * Links the rows to movies: each distinct title (with its hints) is matched once per run, not once per
 * showtime; titles no movie matched are kept once per normalized title, the run's missing links.
 */
export function movieLinker(matcher: MovieMatcher, unmatched: Unmatched, counts: ImportCounts) {
  // Most feeds give no hints: the title alone is the key then (no JSON per row).
  const keyOf = (row: FeedShowtime) =>
    Object.keys(row.hints).length === 0 ? row.title : `${row.title}\u0000${JSON.stringify(row.hints)}`;
  const matches = new Map<string, MatchResult>();
  return async (settled: Settled[]): Promise<Linked[]> => {
    const linked: Linked[] = [];
    for (const { row, write } of settled) {
      const key = keyOf(row);
      let match = matches.get(key);
      if (!match) {
        match = await matcher.match(row.title, row.hints);
        matches.set(key, match);
        const normalizedTitle = normalizeFeedTitle(row.title);
        if (!match.movieId && !unmatched.has(normalizedTitle)) {
          unmatched.set(normalizedTitle, { row, candidates: match.candidates });
        }
      }
      if (!match.movieId) counts.unmatched += 1;
      linked.push({ row, write: { ...write, movie_id: match.movieId } });
    }
    return linked;
  };
}

/**
 * Later rows that repeat a showtime under another ref (same cinema, film, start, attributes and languages)
 * are skipped: a visitor would see one show listed twice. The film is the feed's own title as well as the
 * matched movie: "Film (OV)" and "Film (NL)" at the same minute are two shows even when the feed gives no
 * languages, and a wrongly merged show is worse than a repeated one.
 */
export function duplicateShowtimeFilter(problems: ImportProblem[]): (linked: Linked[]) => ShowtimeWrite[] {
  const seen = new Map<string, string>();
  // Cinemas, movies and titles by a short number: a million keys stay small (normalizeFeedRow sorts the lists).
  const numbers = new Map<string, number>();
  const numberOf = (value: string) => {
    let number = numbers.get(value);
    if (number === undefined) numbers.set(value, (number = numbers.size));
    return number;
  };
  return (linked) => {
    const writes: ShowtimeWrite[] = [];
    for (const { row, write } of linked) {
      const film = `${numberOf(write.movie_id ?? "")} ${numberOf(write.feed_title)}`;
      const key = `${numberOf(write.cinema_id)} ${film} ${write.starts_at} ${write.attributes.join()} ${write.audio_language} ${write.subtitle_languages.join()}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, row.where);
        writes.push(write);
      } else {
        problems.push({
          where: row.where,
          field: "starts_at",
          message: "ingest.problem.duplicateShowtime",
          values: { first },
        });
      }
    }
    return writes;
  };
}
