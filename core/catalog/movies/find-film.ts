// "Find a film": what a visitor typed in the home page's search, as the films it may mean. Titles in
// every language, original titles and the feeds' aliases count, typos forgiven (catalog/search's
// matcher decides; the database only gathers candidates). Films with showtimes in the coming fortnight
// come first (a visitor looks for what is on, not for the 1984 namesake), then how well the title
// matches. Active films only: hidden and merged ones have no page of their own.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { likePattern } from "../../shared/input.ts";
import {
  betterMatch,
  compareMatches,
  matchName,
  normalizeName,
  type MatchQuality,
  type NameMatch,
} from "../search/fuzzy-match.ts";

/** How a title matches what was typed, best first. */
export type FilmMatchQuality = MatchQuality;

export type FilmMatch = {
  slug: string;
  /** in the reader's language */
  title: string;
  year: number | null;
  quality: FilmMatchQuality;
  /** showtimes in the coming fortnight, anywhere */
  upcoming: number;
};

export type FilmSearch = {
  /** the film to open at once: the one with the typed title, or the only one (playing ones first) */
  film?: FilmMatch;
  /** the films it may mean, best first (film included) */
  matches: FilmMatch[];
  /** when nothing matches: the closest titles all the same, for "did you mean" */
  nearest: FilmMatch[];
};

/** Trigram similarity above which a title is a candidate for the matcher (low: it misses swaps). */
export const CANDIDATE_SIMILARITY = 0.15;
/** A candidate this close by trigrams is offered as "did you mean" when nothing matches. */
const NEAREST_SIMILARITY = 0.2;
const MAX_MATCHES = 8;
const MAX_NEAREST = 3;
const UPCOMING_DAYS = 14;
export const MAX_SEARCH_LENGTH = 200;

type CandidateRow = {
  slug: string;
  title: string;
  year: number | null;
  names: string[];
  trigram: number;
  upcoming: number;
};

async function filmCandidates(db: Database, typed: string, options: { locale: string; now: Date }) {
  const like = likePattern(typed);
  const until = new Date(options.now.getTime() + UPCOMING_DAYS * 86_400_000);
  // similarity() rather than the % operator: its 0.3 threshold would drop "wicekd" for "wicked" (≈0.27).
  // The catalogue is a few thousand names; a scan of them costs milliseconds.
  const rows = await queryRows<CandidateRow>(
    db,
    sql`
      with named as (
        select m.id as movie_id, m.title as name from movies m where m.status = 'active'
        union all
        select m.id, m.original_title from movies m where m.status = 'active' and m.original_title is not null
        union all
        select t.movie_id, t.title from movie_titles t
        union all
        select a.movie_id, a.normalized_title from movie_aliases a
      ),
      scored as (
        select n.movie_id, n.name,
               greatest(similarity(lower(n.name), ${typed}), word_similarity(${typed}, lower(n.name))) as trigram
        from named n
      ),
      candidates as (
        select s.movie_id, array_agg(s.name) as names, max(s.trigram) as trigram
        from scored s
        where lower(s.name) like ${like} or s.trigram >= ${CANDIDATE_SIMILARITY}
        group by s.movie_id
        order by max(s.trigram) desc
        limit 200
      )
      select m.slug, coalesce(mt.title, m.title) as title, m.year, c.names, c.trigram::float8 as trigram,
             (select count(*)::int from showtimes s
               where s.movie_id = m.id and s.status = 'scheduled'
                 and s.starts_at >= ${options.now.toISOString()}::timestamptz
                 and s.starts_at < ${until.toISOString()}::timestamptz) as upcoming
      from candidates c
      join movies m on m.id = c.movie_id and m.status = 'active'
      left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${options.locale}
    `,
  );
  return rows.map((row) => ({ ...row, trigram: Number(row.trigram), upcoming: Number(row.upcoming) }));
}

function toFilmMatch(row: CandidateRow, quality: MatchQuality): FilmMatch {
  return { slug: row.slug, title: row.title, year: row.year, quality, upcoming: Number(row.upcoming) };
}

/** The film's best-matching name (its title, another language's, the original, an alias), if any. */
function bestName(typed: string, names: readonly string[]): NameMatch | null {
  return names.reduce<NameMatch | null>(
    (best, name) => betterMatch(best, matchName(typed, normalizeName(name))),
    null,
  );
}

export async function findFilm(
  { db }: { db: Database },
  text: string,
  options: { locale: string; now: Date; limit?: number },
): Promise<FilmSearch> {
  const typed = normalizeName(text);
  if (!typed || text.length > MAX_SEARCH_LENGTH) return { matches: [], nearest: [] };
  const rows = await filmCandidates(db, typed, options);
  const playingFirst = (a: CandidateRow, b: CandidateRow) => Number(b.upcoming > 0) - Number(a.upcoming > 0);
  const matches = rows
    .flatMap((row) => {
      const match = bestName(typed, row.names);
      return match ? [{ row, match }] : [];
    })
    .sort(
      (a, b) =>
        playingFirst(a.row, b.row) ||
        compareMatches(a.match, b.match) ||
        b.row.upcoming - a.row.upcoming ||
        a.row.title.localeCompare(b.row.title),
    )
    .slice(0, options.limit ?? MAX_MATCHES)
    .map(({ row, match }) => toFilmMatch(row, match.quality));
  // Nothing within the typo budget: the titles closest by trigrams still make a "did you mean".
  const nearest = matches.length
    ? []
    : rows
        .filter((row) => row.trigram >= NEAREST_SIMILARITY)
        .sort((a, b) => b.trigram - a.trigram || playingFirst(a, b))
        .slice(0, MAX_NEAREST)
        .map((row) => toFilmMatch(row, "similar"));
  // Open the film at once when there is no doubt. What is playing is what a visitor looks for: among
  // those (or among all when nothing plays), the one with exactly the typed title, or the only one.
  const playing = matches.filter((m) => m.upcoming > 0);
  const pool = playing.length > 0 ? playing : matches;
  const exact = pool.filter((m) => m.quality === "exact");
  const sure = exact.length === 1 ? exact[0] : pool.length === 1 ? pool[0] : undefined;
  return { film: sure, matches, nearest };
}
