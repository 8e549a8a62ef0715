// Figures for a super admin's dashboard without a client: what the platform holds right now.
import { sql } from "drizzle-orm";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { queryRows } from "../shared/db-rows.ts";
import type { AppServices } from "../services.ts";

export type PlatformFigures = {
  clients: number;
  users: number;
  cinemas: number;
  movies: number;
  showtimesNext7Days: number;
  byCountry: { countryCode: string; cinemas: number; showtimesNext7Days: number }[];
};

export async function getPlatformFigures(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  now: Date,
): Promise<PlatformFigures> {
  requireSuperAdmin(actor);
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
  const [totals] = await queryRows<{ clients: number; users: number; cinemas: number; movies: number }>(
    db,
    sql`select (select count(*)::int from clients) as clients, (select count(*)::int from users) as users,
               (select count(*)::int from cinemas where status = 'open') as cinemas,
               (select count(*)::int from movies where status = 'active') as movies`,
  );
  const byCountry = await queryRows<{ country_code: string; cinemas: number; showtimes: number }>(
    db,
    sql`select c.code as country_code,
               (select count(*)::int from cinemas ci where ci.country_code = c.code and ci.status = 'open') as cinemas,
               (select count(*)::int from showtimes s where s.country_code = c.code and s.status = 'scheduled'
                  and s.starts_at >= ${now.toISOString()}::timestamptz and s.starts_at < ${weekAhead.toISOString()}::timestamptz) as showtimes
        from countries c where c.enabled order by c.code`,
  );
  return {
    clients: totals?.clients ?? 0,
    users: totals?.users ?? 0,
    cinemas: totals?.cinemas ?? 0,
    movies: totals?.movies ?? 0,
    showtimesNext7Days: byCountry.reduce((sum, row) => sum + row.showtimes, 0),
    byCountry: byCountry.map((row) => ({
      countryCode: row.country_code,
      cinemas: row.cinemas,
      showtimesNext7Days: row.showtimes,
    })),
  };
}
