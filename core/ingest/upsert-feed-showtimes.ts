// Writing a run's showtimes: upsert by (source, source_ref) in batches, each batch ONE statement over its
// rows sent as one delimited text that PostgreSQL splits (string_to_array, unnest): parsing the
// same rows as JSON (json_to_recordset) cost the database more, and a batch falls back to JSON only when a
// value holds one of the separators. unnest over column arrays was measured twice and whole runs were no
// faster (its arrays cost Node.js what the database saved). So a million rows are a few hundred round
// trips, each sent while the run prepares the next. A row whose values are all unchanged is not touched
// (the same feed twice changes nothing). Then, for a complete feed, what vanished from it is cancelled.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { queryRows } from "../shared/db-rows.ts";
import type { ShowtimeUpsertRow } from "./normalize-feed-row.ts";

export type ShowtimeWrite = ShowtimeUpsertRow & { movie_id: string | null };

const BATCH = 5_000;
/** parts sent ahead while the next is prepared: two smooth out parts that read slower or write slower */
const IN_FLIGHT = 2;

const COLUMN_TYPES = sql`
    source_ref text, cinema_id uuid, country_code char(2), movie_id uuid, feed_title text,
    starts_at timestamptz, feature_starts_at timestamptz, ends_at timestamptz, auditorium text,
    attributes text[], audio_language text, subtitle_languages text[], booking_url text,
    price_min integer, price_max integer, currency char(3), seats_available integer,
    seats_total integer, availability availability, status showtime_status`;

/** Separators of the delimited form: ASCII's own record, unit, group and file separators (feeds do not use them). */
const ROW = "\x1e";
const FIELD = "\x1f";
const NULL = "\x1d";
const ITEM = "\x1c";
const SEPARATOR = new RegExp(`[${ITEM}${NULL}${ROW}${FIELD}]`);

const field = (value: string | number | null) => (value === null ? NULL : value);

/**
 * A batch as one text, a row per line and a field per column in COLUMN_TYPES's order (lists by ITEM), or
 * undefined when a value holds a separator (or a list an empty item) and only JSON can carry it.
 * PostgreSQL splits it at about a third of the cost of parsing the same rows as JSON.
 */
function delimited(batch: readonly ShowtimeWrite[]): string | undefined {
  const lines: string[] = [];
  for (const row of batch) {
    const free = `${row.source_ref}${row.feed_title}${row.auditorium ?? ""}${row.audio_language ?? ""}${row.booking_url ?? ""}${row.currency ?? ""}${row.attributes.join("")}${row.subtitle_languages.join("")}`;
    if (SEPARATOR.test(free) || row.attributes.includes("") || row.subtitle_languages.includes(""))
      return undefined;
    lines.push(
      [
        row.source_ref,
        row.cinema_id,
        row.country_code,
        field(row.movie_id),
        row.feed_title,
        row.starts_at,
        field(row.feature_starts_at),
        field(row.ends_at),
        field(row.auditorium),
        row.attributes.join(ITEM),
        field(row.audio_language),
        row.subtitle_languages.join(ITEM),
        field(row.booking_url),
        field(row.price_min),
        field(row.price_max),
        field(row.currency),
        field(row.seats_available),
        field(row.seats_total),
        row.availability,
        row.status,
      ].join(FIELD),
    );
  }
  return lines.join(ROW);
}

/**
 * The rows of a batch as a relation `r` with the showtimes' column types and `r.ordinality` (1, 2, …):
 * split from their delimited text, or read from JSON (json_to_recordset) when a value holds a separator.
 * The text is read through a sub-select so the planner cannot count its lines (it assumes a few, as it
 * assumes 100 rows of json_to_recordset): counted, 5,000 rows made it join an update by hashing all the
 * source's showtimes, a million of them, once per batch, instead of looking each row up in
 * (source_id, source_ref).
 */
function incoming(batch: readonly ShowtimeWrite[]) {
  const text = delimited(batch);
  if (text === undefined)
    return sql`rows from (json_to_recordset(${JSON.stringify(batch)}::json) as (${COLUMN_TYPES})) with ordinality as r`;
  return sql`(
    select l.ordinality, f[1] as source_ref, f[2]::uuid as cinema_id, f[3]::char(2) as country_code,
      f[4]::uuid as movie_id, f[5] as feed_title, f[6]::timestamptz as starts_at,
      f[7]::timestamptz as feature_starts_at, f[8]::timestamptz as ends_at, f[9] as auditorium,
      string_to_array(f[10], chr(28)) as attributes, f[11] as audio_language,
      string_to_array(f[12], chr(28)) as subtitle_languages, f[13] as booking_url,
      f[14]::integer as price_min, f[15]::integer as price_max, f[16]::char(3) as currency,
      f[17]::integer as seats_available, f[18]::integer as seats_total,
      f[19]::availability as availability, f[20]::showtime_status as status
    from unnest(string_to_array((select ${text}::text), chr(30))) with ordinality as l(line, ordinality),
      string_to_array(l.line, chr(31), chr(29)) as s(f)
  ) as r`;
}

/**
 * The first 24 hex digits of a batch's new ids: a UUID version 7 (RFC 9562) prefix, the time in
 * milliseconds then random bits; each row appends its 8-digit position. Time-ordered ids land at the
 * right edge of the primary key instead of on random pages of it: with random (version 4) ids a
 * million-row import ran about a fifth slower, the key's pages evicted and read back as it outgrew
 * the database's cache.
 */
function timeOrderedIdPrefix(): string {
  const time = Date.now().toString(16).padStart(12, "0");
  const random = randomBytes(6).toString("hex");
  const variant = ((parseInt(random[3]!, 16) & 0x3) | 0x8).toString(16);
  return `${time}7${random.slice(0, 3)}${variant}${random.slice(4, 11)}`;
}

async function countOf(tx: Transaction, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with written as (${statement}) select count(*)::int as n from written`,
  );
  return row?.n ?? 0;
}

type Written = { inserted: number; updated: number };

/**
 * Inserts new showtimes and updates changed ones; returns how many of each. The source's runs are
 * serialized (the caller holds its row lock), so a ref it does not have yet cannot appear meanwhile: new
 * rows are plain inserts, known ones an update that skips every row whose values are all unchanged.
 */
async function writeBatch(
  tx: Transaction,
  sourceId: string,
  known: ReadonlySet<string>,
  rows: readonly ShowtimeWrite[],
): Promise<Written> {
  const fresh = rows.filter((row) => !known.has(row.source_ref));
  const existing = rows.filter((row) => known.has(row.source_ref));
  let inserted = 0;
  let updated = 0;
  for (let start = 0; start < fresh.length; start += BATCH) {
    inserted += await countOf(
      tx,
      sql`
        insert into showtimes (
          id, source_id, source_ref, cinema_id, country_code, movie_id, feed_title, starts_at, feature_starts_at,
          ends_at, auditorium, attributes, audio_language, subtitle_languages, booking_url, price_min,
          price_max, currency, seats_available, seats_total, availability, status
        )
        select (${timeOrderedIdPrefix()} || lpad(to_hex(r.ordinality), 8, '0'))::uuid, ${sourceId}::uuid,
          r.source_ref, r.cinema_id, r.country_code, r.movie_id, r.feed_title,
          r.starts_at, r.feature_starts_at, r.ends_at, r.auditorium, r.attributes, r.audio_language,
          r.subtitle_languages, r.booking_url, r.price_min, r.price_max, r.currency, r.seats_available,
          r.seats_total, r.availability, r.status
        from ${incoming(fresh.slice(start, start + BATCH))}
        returning 1
      `,
    );
  }
  for (let start = 0; start < existing.length; start += BATCH) {
    updated += await countOf(
      tx,
      sql`
        update showtimes s set
          cinema_id = r.cinema_id,
          country_code = r.country_code,
          -- A link made by hand survives a run that cannot match the same title.
          movie_id = case when r.feed_title = s.feed_title then coalesce(r.movie_id, s.movie_id) else r.movie_id end,
          feed_title = r.feed_title,
          starts_at = r.starts_at,
          feature_starts_at = r.feature_starts_at,
          ends_at = r.ends_at,
          auditorium = r.auditorium,
          attributes = r.attributes,
          audio_language = r.audio_language,
          subtitle_languages = r.subtitle_languages,
          booking_url = r.booking_url,
          price_min = r.price_min,
          price_max = r.price_max,
          currency = r.currency,
          seats_available = r.seats_available,
          seats_total = r.seats_total,
          availability = r.availability,
          status = r.status,
          last_seen_at = now(),
          updated_at = now()
        from ${incoming(existing.slice(start, start + BATCH))}
        where s.source_id = ${sourceId}::uuid and s.source_ref = r.source_ref
          and ((
            s.cinema_id, s.country_code, s.feed_title, s.starts_at, s.feature_starts_at, s.ends_at, s.auditorium,
            s.attributes, s.audio_language, s.subtitle_languages, s.booking_url, s.price_min, s.price_max,
            s.currency, s.seats_available, s.seats_total, s.availability, s.status
          ) is distinct from (
            r.cinema_id, r.country_code, r.feed_title, r.starts_at, r.feature_starts_at, r.ends_at, r.auditorium,
            r.attributes, r.audio_language, r.subtitle_languages, r.booking_url, r.price_min, r.price_max,
            r.currency, r.seats_available, r.seats_total, r.availability, r.status
          ) or (r.movie_id is not null and r.movie_id is distinct from s.movie_id))
        returning 1
      `,
    );
  }
  return { inserted, updated };
}

export type ShowtimeWriter = {
  /** the refs the source had before this run */
  known: ReadonlySet<string>;
  /** Resolves once there is room for these rows on the way: prepare the next meanwhile. */
  write(rows: readonly ShowtimeWrite[]): Promise<void>;
  /** Waits for the last rows; how many were inserted and updated in all. */
  finish(): Promise<Written>;
};

/**
 * Writes a run's showtimes part by part, one part in flight while the run reads and matches the next:
 * the database and the reading then work at the same time instead of in turn.
 */
export async function showtimeWriter(tx: Transaction, sourceId: string): Promise<ShowtimeWriter> {
  const known = new Set(
    (
      await queryRows<{ ref: string }>(
        tx,
        sql`select source_ref as ref from showtimes where source_id = ${sourceId}::uuid`,
      )
    ).map((row) => row.ref),
  );
  const totals: Written = { inserted: 0, updated: 0 };
  // Writes sent and not yet answered. A failure is kept, not left rejected: a rejection nobody awaits
  // yet would end the process.
  const inFlight: Promise<void>[] = [];
  const failure: { error?: unknown } = {};
  const settle = async (atMost: number) => {
    while (inFlight.length > atMost) await inFlight.shift();
    if ("error" in failure) throw failure.error;
  };
  return {
    known,
    async write(rows) {
      await settle(IN_FLIGHT - 1);
      inFlight.push(
        writeBatch(tx, sourceId, known, rows).then(
          (written) => {
            totals.inserted += written.inserted;
            totals.updated += written.updated;
          },
          (error: unknown) => {
            failure.error = error;
          },
        ),
      );
    },
    async finish() {
      await settle(0);
      return totals;
    },
  };
}

/**
 * A complete feed lists every showtime it has: this source's scheduled showtimes from `from` on that the
 * feed no longer lists (`vanished`: refs the source had that this run did not see) are cancelled, never
 * deleted: the API's changes feed reports them.
 */
export async function cancelVanishedShowtimes(
  tx: Transaction,
  sourceId: string,
  from: Date,
  vanished: readonly string[],
): Promise<number> {
  if (vanished.length === 0) return 0;
  return countOf(
    tx,
    sql`
      update showtimes set status = 'cancelled', updated_at = now()
      where source_id = ${sourceId}::uuid
        and source_ref in (select jsonb_array_elements_text(${JSON.stringify(vanished)}::jsonb))
        and status = 'scheduled' and starts_at >= ${from}
      returning 1
    `,
  );
}
