// The alerts job: for each confirmed alert whose last e-mail is a day old (or that never had one), the
// scheduled upcoming showtimes of its film in its city (and format) first seen since it was last told;
// one e-mail listing them, then the watermark moves past them. Runs after imports that added showtimes
// and hourly, so a follower told today hears of the rest tomorrow, in one e-mail.
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { showtimeAlerts } from "../../db/schema/alerts.ts";
import type { AppServices } from "../services.ts";
import { queryRows } from "../shared/db-rows.ts";
import { alertMail, ALERT_LISTED_SHOWS } from "./alert-mail.ts";
import { alertKey, unsubscribeToken } from "./alert-tokens.ts";

export const ALERT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Alerts one run handles at most; the next run takes the rest. */
export const ALERTS_PER_RUN = 500;

type Services = Pick<AppServices, "db" | "mailer" | "i18n" | "config" | "feeds" | "logger" | "now">;

type DueAlert = {
  id: string;
  email: string;
  locale: string;
  city: string;
  country_code: string;
  format: string;
  movie_id: string;
  movie_slug: string;
  movie_title: string;
  last_sent_at: string | Date | null;
};

type NewShow = {
  starts_at: string | Date;
  cinema_name: string;
  time_zone: string;
  total: number;
  newest_seen: string;
};

/** Alerts that may get an e-mail now and have something new to tell. */
async function dueAlerts(db: AppServices["db"], now: Date, cutoff: Date): Promise<DueAlert[]> {
  return queryRows<DueAlert>(
    db,
    sql`
      select a.id, a.email, a.locale, a.city, a.country_code, a.format, a.movie_id,
             m.slug as movie_slug, m.title as movie_title, a.last_sent_at
      from showtime_alerts a
      join movies m on m.id = a.movie_id and m.status = 'active'
      where a.status = 'confirmed'
        and (a.last_sent_at is null or a.last_sent_at < ${cutoff.toISOString()}::timestamptz)
        and exists (select 1 from showtimes s join cinemas c on c.id = s.cinema_id where ${isNewFor(now)})
      order by a.last_sent_at nulls first, a.id
      limit ${ALERTS_PER_RUN}
    `,
  );
}

/** Showtime s (at cinema c) is new for alert a: its film, city and format, upcoming, first seen since. */
function isNewFor(now: Date): SQL {
  return sql`
    s.movie_id = a.movie_id
    and c.country_code = a.country_code and c.city = a.city and c.status = 'open'
    and s.status = 'scheduled'
    and s.starts_at > ${now.toISOString()}::timestamptz
    and s.first_seen_at > a.notified_through
    and (a.format = '' or a.format = any(s.attributes))
  `;
}

async function newShows(db: AppServices["db"], alertId: string, now: Date): Promise<NewShow[]> {
  return queryRows<NewShow>(
    db,
    sql`
      select s.starts_at, c.name as cinema_name, c.time_zone,
             count(*) over ()::int as total, (max(s.first_seen_at) over ())::text as newest_seen
      from showtime_alerts a
      join showtimes s on s.movie_id = a.movie_id
      join cinemas c on c.id = s.cinema_id
      where a.id = ${alertId} and ${isNewFor(now)}
      order by s.starts_at, s.id
      limit ${ALERT_LISTED_SHOWS}
    `,
  );
}

export async function sendShowtimeAlerts(services: Services): Promise<{ sent: number; failed: number }> {
  const { db } = services;
  const now = services.now();
  const cutoff = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const key = alertKey(services.feeds.credentialsKey);
  let sent = 0;
  let failed = 0;
  for (const alert of await dueAlerts(db, now, cutoff)) {
    const shows = await newShows(db, alert.id, now);
    const first = shows[0];
    if (!first) continue;
    // Claim the day's e-mail first: two runs at once send it once.
    const [claimed] = await db
      .update(showtimeAlerts)
      .set({ lastSentAt: now })
      .where(
        and(
          eq(showtimeAlerts.id, alert.id),
          or(isNull(showtimeAlerts.lastSentAt), lt(showtimeAlerts.lastSentAt, cutoff)),
        ),
      )
      .returning({ id: showtimeAlerts.id });
    if (!claimed) continue;
    const base = services.config.baseUrl;
    const filmUrl = new URL(`/films/${encodeURIComponent(alert.movie_slug)}`, base);
    filmUrl.searchParams.set("city", alert.city);
    const unsubscribeUrl = new URL("/alerts/unsubscribe", base);
    unsubscribeUrl.searchParams.set("token", unsubscribeToken(key, alert.id));
    const mail = alertMail(services.i18n, {
      to: alert.email,
      locale: alert.locale,
      film: alert.movie_title,
      city: alert.city,
      format: alert.format,
      shows: shows.map((s) => ({
        startsAt: new Date(s.starts_at),
        cinema: s.cinema_name,
        timeZone: s.time_zone,
      })),
      total: first.total,
      filmUrl: filmUrl.toString(),
      unsubscribeUrl: unsubscribeUrl.toString(),
    });
    try {
      await services.mailer.send(mail);
    } catch (error) {
      // Not sent: give the day back, so the next run tries again.
      await db
        .update(showtimeAlerts)
        .set({ lastSentAt: alert.last_sent_at === null ? null : new Date(alert.last_sent_at) })
        .where(eq(showtimeAlerts.id, alert.id));
      services.logger.error({ err: error, alertId: alert.id }, "showtime alert mail failed");
      failed += 1;
      continue;
    }
    await db
      .update(showtimeAlerts)
      // as text: a Date would drop the microseconds, and the newest show would count as new again
      .set({ notifiedThrough: sql`${first.newest_seen}::timestamptz` })
      .where(eq(showtimeAlerts.id, alert.id));
    sent += 1;
  }
  return { sent, failed };
}
