// Writing a run's showtimes: upsert by (source, source_ref) in batches, each batch ONE statement over a
// JSON array of rows (jsonb_to_recordset), so a million rows are a few hundred round trips. A row whose
// values are all unchanged is not touched (the same feed twice changes nothing); `xmax = 0` tells a fresh
// insert from an update. Then, for a complete feed, what vanished from it is cancelled.
import { sql } from "drizzle-orm";
import type { Transaction } from "../catalog/attributes.ts";
import { queryRows } from "../db-rows.ts";
import type { ShowtimeUpsertRow } from "./normalize-feed-row.ts";

export type ShowtimeWrite = ShowtimeUpsertRow & { movie_id: string | null };

const BATCH = 5_000;

/** Inserts new showtimes and updates changed ones; returns how many of each. */
export async function upsertFeedShowtimes(
  tx: Transaction,
  sourceId: string,
  rows: readonly ShowtimeWrite[],
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH));
    const written = await queryRows<{ inserted: boolean }>(
      tx,
      sql`
        insert into showtimes (
          source_id, source_ref, cinema_id, country_code, movie_id, feed_title, starts_at, feature_starts_at,
          ends_at, auditorium, attributes, audio_language, subtitle_languages, booking_url, price_min,
          price_max, currency, seats_available, seats_total, availability, status
        )
        select ${sourceId}::uuid, r.source_ref, r.cinema_id, r.country_code, r.movie_id, r.feed_title,
          r.starts_at, r.feature_starts_at, r.ends_at, r.auditorium, r.attributes, r.audio_language,
          r.subtitle_languages, r.booking_url, r.price_min, r.price_max, r.currency, r.seats_available,
          r.seats_total, r.availability, r.status
        from jsonb_to_recordset(${batch}::jsonb) as r(
          source_ref text, cinema_id uuid, country_code char(2), movie_id uuid, feed_title text,
          starts_at timestamptz, feature_starts_at timestamptz, ends_at timestamptz, auditorium text,
          attributes text[], audio_language text, subtitle_languages text[], booking_url text,
          price_min integer, price_max integer, currency char(3), seats_available integer,
          seats_total integer, availability availability, status showtime_status
        )
        on conflict (source_id, source_ref) do update set
          cinema_id = excluded.cinema_id,
          country_code = excluded.country_code,
          -- A link made by hand survives a run that cannot match the same title.
          movie_id = case
            when excluded.feed_title = showtimes.feed_title then coalesce(excluded.movie_id, showtimes.movie_id)
            else excluded.movie_id
          end,
          feed_title = excluded.feed_title,
          starts_at = excluded.starts_at,
          feature_starts_at = excluded.feature_starts_at,
          ends_at = excluded.ends_at,
          auditorium = excluded.auditorium,
          attributes = excluded.attributes,
          audio_language = excluded.audio_language,
          subtitle_languages = excluded.subtitle_languages,
          booking_url = excluded.booking_url,
          price_min = excluded.price_min,
          price_max = excluded.price_max,
          currency = excluded.currency,
          seats_available = excluded.seats_available,
          seats_total = excluded.seats_total,
          availability = excluded.availability,
          status = excluded.status,
          last_seen_at = now(),
          updated_at = now()
        where (
          showtimes.cinema_id, showtimes.country_code, showtimes.feed_title, showtimes.starts_at,
          showtimes.feature_starts_at, showtimes.ends_at, showtimes.auditorium, showtimes.attributes,
          showtimes.audio_language, showtimes.subtitle_languages, showtimes.booking_url, showtimes.price_min,
          showtimes.price_max, showtimes.currency, showtimes.seats_available, showtimes.seats_total,
          showtimes.availability, showtimes.status
        ) is distinct from (
          excluded.cinema_id, excluded.country_code, excluded.feed_title, excluded.starts_at,
          excluded.feature_starts_at, excluded.ends_at, excluded.auditorium, excluded.attributes,
          excluded.audio_language, excluded.subtitle_languages, excluded.booking_url, excluded.price_min,
          excluded.price_max, excluded.currency, excluded.seats_available, excluded.seats_total,
          excluded.availability, excluded.status
        ) or (excluded.movie_id is not null and excluded.movie_id is distinct from showtimes.movie_id)
        returning (xmax = 0) as inserted
      `,
    );
    for (const row of written) {
      if (row.inserted) inserted += 1;
      else updated += 1;
    }
  }
  return { inserted, updated };
}

/**
 * A complete feed lists every showtime it has: this source's scheduled showtimes from `from` on that the
 * feed no longer lists are cancelled (never deleted: the API's changes feed reports them).
 */
export async function cancelVanishedShowtimes(
  tx: Transaction,
  sourceId: string,
  from: Date,
  seenRefs: readonly string[],
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
      update showtimes set status = 'cancelled', updated_at = now()
      where source_id = ${sourceId}::uuid and status = 'scheduled' and starts_at >= ${from}
        and source_ref not in (select jsonb_array_elements_text(${JSON.stringify(seenRefs)}::jsonb))
      returning id
    `,
  );
  return rows.length;
}
