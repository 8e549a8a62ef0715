// "Find a film": what a visitor typed in the home page's film field, as the films it may mean. Titles in
// every language and original titles count; films with showtimes in the coming fortnight come first
// (a visitor looks for what is on, not for the 1984 namesake), then how well the title matches.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";

/** How a title matches what was typed, best first. */
export type FilmMatchQuality = "exact" | "prefix" | "contains" | "similar";

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
};

/** Trigram similarity above which a misspelt title still counts as a match. */
export const FILM_SIMILARITY = 0.35;
const MAX_MATCHES = 8;
const UPCOMING_DAYS = 14;
const QUALITIES: FilmMatchQuality[] = ["exact", "prefix", "contains", "similar"];

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findFilm(
  { db }: { db: Database },
  text: string,
  options: { locale: string; now: Date },
): Promise<FilmSearch> {
  const typed = text.trim().replace(/\s+/g, " ");
  if (!typed || typed.length > 200) return { matches: [] };
  const like = escapeLike(typed.toLowerCase());
  const until = new Date(options.now.getTime() + UPCOMING_DAYS * 86_400_000);
  const rows = await queryRows<{
    slug: string;
    title: string;
    year: number | null;
    rank: number;
    score: number;
    upcoming: number;
  }>(
    db,
    sql`
      with named as (
        select m.id as movie_id, m.title as name from movies m
        where m.status = 'active' and (m.title ilike '%' || ${like} || '%' or m.title % ${typed})
        union all
        select m.id, m.original_title from movies m
        where m.status = 'active' and m.original_title is not null
          and m.original_title ilike '%' || ${like} || '%'
        union all
        select t.movie_id, t.title from movie_titles t
        where t.title ilike '%' || ${like} || '%' or t.title % ${typed}
      ),
      ranked as (
        select n.movie_id,
               min(case
                 when lower(n.name) = ${typed.toLowerCase()} then 0
                 when lower(n.name) like ${like} || '%' then 1
                 when lower(n.name) like '%' || ${like} || '%' then 2
                 else 3 end) as rank,
               max(similarity(lower(n.name), ${typed.toLowerCase()})) as score
        from named n
        group by n.movie_id
      ),
      candidates as (
        select r.* from ranked r
        where r.rank < 3 or r.score >= ${FILM_SIMILARITY}
        order by r.rank, r.score desc
        limit 50
      )
      select m.slug, coalesce(mt.title, m.title) as title, m.year, c.rank, c.score::float8 as score,
             (select count(*)::int from showtimes s
               where s.movie_id = m.id and s.status = 'scheduled'
                 and s.starts_at >= ${options.now.toISOString()}::timestamptz
                 and s.starts_at < ${until.toISOString()}::timestamptz) as upcoming
      from candidates c
      join movies m on m.id = c.movie_id and m.status = 'active'
      left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${options.locale}
    `,
  );
  const matches = rows
    .map((r) => ({ ...r, rank: Number(r.rank), score: Number(r.score), upcoming: Number(r.upcoming) }))
    .sort(
      (a, b) =>
        Number(b.upcoming > 0) - Number(a.upcoming > 0) ||
        a.rank - b.rank ||
        b.score - a.score ||
        b.upcoming - a.upcoming ||
        a.title.localeCompare(b.title),
    )
    .slice(0, MAX_MATCHES)
    .map((r) => ({
      slug: r.slug,
      title: r.title,
      year: r.year,
      quality: QUALITIES[r.rank] ?? "similar",
      upcoming: r.upcoming,
    }));
  // Open the film at once when there is no doubt. What is playing is what a visitor looks for: among
  // those (or among all when nothing plays), the one with exactly the typed title, or the only one.
  const playing = matches.filter((m) => m.upcoming > 0);
  const pool = playing.length > 0 ? playing : matches;
  const exact = pool.filter((m) => m.quality === "exact");
  const sure = exact.length === 1 ? exact[0] : pool.length === 1 ? pool[0] : undefined;
  return { film: sure, matches };
}
