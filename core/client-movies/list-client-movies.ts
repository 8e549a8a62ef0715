// /studio/{slug}/movies: what is playing in the client's granted countries (scheduled showtimes in the next
// 14 days), one row per movie with its showtime count and the client's settings; movies the client has
// featured or hidden are listed even when they play nowhere now, so the choice can be undone. Featured
// movies first in the client's order, then by title. Members of the client and super admins only.
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import { requirePermission } from "../access/permissions.ts";
import { DAY_MS } from "../catalog/movies/movie-scope.ts";
import { queryRows } from "../shared/db-rows.ts";
import { idSchema } from "../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { CLIENT_MOVIES_WINDOW_DAYS } from "./client-movie-rules.ts";
import type { AppServices } from "../services.ts";

export const CLIENT_MOVIE_VIEWS = ["all", "featured", "hidden"] as const;

const inputSchema = z.object({
  clientId: idSchema,
  search: searchSchema,
  view: z.enum(CLIENT_MOVIE_VIEWS, { error: "validation.choiceInvalid" }).default("all"),
  locale: z.string().trim().min(2).max(10).default("en"),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type ClientMovieRow = {
  id: string;
  title: string;
  localizedTitle: string | null;
  year: number | null;
  showtimeCount: number;
  featured: boolean;
  hidden: boolean;
  position: number | null;
};

export type ClientMoviesPage = Page<ClientMovieRow> & {
  /** the client's countries the counts cover */
  countries: string[];
  /** how many movies are featured, to know which one is last */
  featuredCount: number;
};

export async function listClientMovies(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<ClientMoviesPage> {
  requirePermission(actor, "client.view", typeof input.clientId === "string" ? input.clientId : null);
  const { clientId, search, view, locale, page, pageSize } = parseInput(inputSchema, input);
  const from = now();
  const until = new Date(from.getTime() + CLIENT_MOVIES_WINDOW_DAYS * DAY_MS);
  const countries = await grantedCountries(db, clientId, utcDay(from));
  const inCountries =
    countries.length === 0
      ? sql`false`
      : sql`s.country_code in (${sql.join(
          countries.map((c) => sql`${c}`),
          sql`, `,
        )})`;
  const filters: SQL[] = [sql`m.status = 'active'`];
  if (search) {
    const pattern = likePattern(search);
    filters.push(sql`(m.title ilike ${pattern} or m.original_title ilike ${pattern}
      or exists (select 1 from movie_titles mt where mt.movie_id = m.id and mt.title ilike ${pattern}))`);
  }
  if (view === "featured") filters.push(sql`coalesce(cms.featured, false)`);
  if (view === "hidden") filters.push(sql`coalesce(cms.hidden, false)`);
  const base = sql`
    with playing as (
      select s.movie_id, count(*)::int as n
      from showtimes s
      where s.movie_id is not null and s.status = 'scheduled' and ${inCountries}
        and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${until.toISOString()}::timestamptz
      group by s.movie_id
    ),
    listed as (
      select movie_id from playing
      union
      select movie_id from client_movie_settings where client_id = ${clientId} and (featured or hidden)
    )
    select m.id, m.title, mt.title as localized_title, m.year, coalesce(p.n, 0)::int as showtime_count,
      coalesce(cms.featured, false) as featured, coalesce(cms.hidden, false) as hidden, cms.position
    from listed l
    join movies m on m.id = l.movie_id
    left join playing p on p.movie_id = m.id
    left join client_movie_settings cms on cms.client_id = ${clientId} and cms.movie_id = m.id
    left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${locale}
    where ${sql.join(filters, sql` and `)}
  `;
  type Raw = {
    id: string;
    title: string;
    localized_title: string | null;
    year: number | null;
    showtime_count: number;
    featured: boolean;
    hidden: boolean;
    position: number | null;
  };
  const [rows, [total], [featured]] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`${base} order by featured desc, cms.position asc nulls last, lower(m.title), m.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from client_movie_settings cms join movies m on m.id = cms.movie_id
        where cms.client_id = ${clientId} and cms.featured and m.status = 'active'`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      localizedTitle: r.localized_title && r.localized_title !== r.title ? r.localized_title : null,
      year: r.year,
      showtimeCount: Number(r.showtime_count),
      featured: r.featured,
      hidden: r.hidden,
      position: r.position,
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
    countries,
    featuredCount: Number(featured?.n ?? 0),
  };
}
