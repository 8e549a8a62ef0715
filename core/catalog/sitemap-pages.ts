// The film and cinema pages search engines should know: those with showtimes in the coming fortnight,
// the busiest first (a sitemap that has to leave some out leaves out the quietest).
import { sql } from "drizzle-orm";
import type { AppServices } from "../services.ts";
import { queryRows } from "../shared/db-rows.ts";

/** Per kind: with cities (places.ts SITEMAP_CITY_LIMIT) and three URLs per page, within 50,000 URLs at most. */
export const SITEMAP_FILM_LIMIT = 3_000;
export const SITEMAP_CINEMA_LIMIT = 3_000;
const UPCOMING_DAYS = 14;

function window(now: Date) {
  return { from: now.toISOString(), to: new Date(now.getTime() + UPCOMING_DAYS * 86_400_000).toISOString() };
}

/** Slugs of active films with showtimes at open cinemas in the coming fortnight. */
export async function listFilmSlugsForSitemap(
  services: Pick<AppServices, "db" | "now">,
  limit = SITEMAP_FILM_LIMIT,
): Promise<string[]> {
  const { from, to } = window(services.now());
  const rows = await queryRows<{ slug: string }>(
    services.db,
    sql`
      select m.slug
      from showtimes s
      join cinemas c on c.id = s.cinema_id and c.status = 'open'
      join movies m on m.id = s.movie_id and m.status = 'active'
      where s.status = 'scheduled' and s.starts_at >= ${from}::timestamptz and s.starts_at < ${to}::timestamptz
      group by m.slug
      order by count(*) desc, m.slug
      limit ${limit}
    `,
  );
  return rows.map((r) => r.slug);
}

/** Slugs of open cinemas with showtimes in the coming fortnight. */
export async function listCinemaSlugsForSitemap(
  services: Pick<AppServices, "db" | "now">,
  limit = SITEMAP_CINEMA_LIMIT,
): Promise<string[]> {
  const { from, to } = window(services.now());
  const rows = await queryRows<{ slug: string }>(
    services.db,
    sql`
      select c.slug
      from showtimes s
      join cinemas c on c.id = s.cinema_id and c.status = 'open'
      where s.status = 'scheduled' and s.starts_at >= ${from}::timestamptz and s.starts_at < ${to}::timestamptz
      group by c.slug
      order by count(*) desc, c.slug
      limit ${limit}
    `,
  );
  return rows.map((r) => r.slug);
}
