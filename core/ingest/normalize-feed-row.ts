// One feed row → the showtime row the run upserts: times read in the cinema's zone, the feed's attribute
// strings mapped to attribute codes through their synonyms, languages to ISO 639-1 codes. A bad value
// skips the row with a problem; a string we cannot map (an unknown attribute or language) is left out and
// the run lists each such string once, so staff can add it as a synonym.
import type { Database } from "../../db/client.ts";
import { attributes } from "../../db/schema/catalog.ts";
import type { FeedAvailability, FeedShowtime, ImportProblem } from "./feed.ts";
import { parseFeedTime } from "./feed-time.ts";
import { languageCode } from "./language-code.ts";
import type { FeedCinemaTarget } from "./resolve-cinemas.ts";

export type ShowtimeUpsertRow = {
  source_ref: string;
  cinema_id: string;
  country_code: string;
  feed_title: string;
  starts_at: string;
  feature_starts_at: string | null;
  ends_at: string | null;
  auditorium: string | null;
  attributes: string[];
  audio_language: string | null;
  subtitle_languages: string[];
  booking_url: string | null;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  seats_available: number | null;
  seats_total: number | null;
  availability: FeedAvailability;
  status: "scheduled" | "cancelled";
};

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** Feed attribute text (code, any synonym, any translated name) → attribute code. */
export async function loadAttributeCodes(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: attributes.code, names: attributes.names, synonyms: attributes.synonyms })
    .from(attributes);
  const codes = new Map<string, string>();
  for (const row of rows) {
    for (const text of [...Object.values(row.names), ...row.synonyms]) codes.set(fold(text), row.code);
    codes.set(fold(row.code), row.code);
  }
  return codes;
}

/** Strings seen that map to nothing, reported once each. */
export type UnmappedValues = { attributes: Map<string, string>; languages: Map<string, string> };

function noteOnce(seen: Map<string, string>, value: string, where: string) {
  if (!seen.has(value)) seen.set(value, where);
}

const MAX_TITLE = 500;
const MAX_TEXT = 200;

function problem(row: FeedShowtime, field: string, message: string, values?: ImportProblem["values"]) {
  return { where: row.where, field, message, ...(values ? { values } : {}) } satisfies ImportProblem;
}

function bookingUrlOf(value: string | undefined): string | null | undefined {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function normalizeFeedRow(
  row: FeedShowtime,
  cinema: FeedCinemaTarget,
  attributeCodes: ReadonlyMap<string, string>,
  unmapped: UnmappedValues,
): ShowtimeUpsertRow | ImportProblem {
  const title = row.title.trim();
  if (!title) return problem(row, "title", "ingest.problem.missingTitle");
  if (title.length > MAX_TITLE) return problem(row, "title", "ingest.problem.tooLong", { max: MAX_TITLE });
  if (!row.ref || row.ref.length > MAX_TEXT) return problem(row, "id", "ingest.problem.badRef");
  const startsAt = parseFeedTime(row.startsAt, cinema.timeZone);
  if (!startsAt)
    return problem(row, "startsAt", "ingest.problem.badTime", { value: row.startsAt.slice(0, 40) });
  const times: Record<"featureStartsAt" | "endsAt", Date | null> = { featureStartsAt: null, endsAt: null };
  for (const field of ["featureStartsAt", "endsAt"] as const) {
    const value = row[field];
    if (!value) continue;
    const parsed = parseFeedTime(value, cinema.timeZone);
    if (!parsed) return problem(row, field, "ingest.problem.badTime", { value: value.slice(0, 40) });
    times[field] = parsed;
  }
  if (times.endsAt && times.endsAt < startsAt)
    return problem(row, "endsAt", "ingest.problem.endsBeforeStart");
  const bookingUrl = bookingUrlOf(row.bookingUrl);
  if (bookingUrl === undefined)
    return problem(row, "bookingUrl", "ingest.problem.badUrl", { url: (row.bookingUrl ?? "").slice(0, 200) });
  for (const field of ["priceMin", "priceMax", "seatsAvailable", "seatsTotal"] as const) {
    const value = row[field];
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > 2_000_000_000)) {
      return problem(row, field, "ingest.problem.badNumber", { value: String(value) });
    }
  }
  if (row.currency !== undefined && !/^[A-Z]{3}$/.test(row.currency)) {
    return problem(row, "currency", "ingest.problem.badCurrency", { value: row.currency.slice(0, 10) });
  }

  const codes = new Set<string>();
  for (const text of row.attributes) {
    const code = attributeCodes.get(fold(text));
    if (code) codes.add(code);
    else if (text.trim()) noteOnce(unmapped.attributes, fold(text), row.where);
  }
  const audio = row.audioLanguage ? languageCode(row.audioLanguage) : null;
  if (row.audioLanguage && !audio) noteOnce(unmapped.languages, fold(row.audioLanguage), row.where);
  const subtitles = new Set<string>();
  for (const text of row.subtitleLanguages) {
    const code = languageCode(text);
    if (code) subtitles.add(code);
    else if (text.trim()) noteOnce(unmapped.languages, fold(text), row.where);
  }

  return {
    source_ref: row.ref,
    cinema_id: cinema.id,
    country_code: cinema.countryCode,
    feed_title: title,
    starts_at: startsAt.toISOString(),
    feature_starts_at: times.featureStartsAt?.toISOString() ?? null,
    ends_at: times.endsAt?.toISOString() ?? null,
    auditorium: row.auditorium?.trim().slice(0, MAX_TEXT) || null,
    attributes: [...codes].sort(),
    audio_language: audio,
    subtitle_languages: [...subtitles].sort(),
    booking_url: bookingUrl,
    price_min: row.priceMin ?? null,
    price_max: row.priceMax ?? null,
    currency: row.currency ?? null,
    seats_available: row.seatsAvailable ?? null,
    seats_total: row.seatsTotal ?? null,
    availability: row.availability ?? "unknown",
    status: row.cancelled ? "cancelled" : "scheduled",
  };
}

/** The unmapped strings as problems: one per distinct string, pointing at the first row that had it. */
export function unmappedProblems(unmapped: UnmappedValues): ImportProblem[] {
  return [
    ...[...unmapped.attributes].map(([value, where]) => ({
      where,
      field: "attributes",
      message: "ingest.problem.unknownAttribute",
      values: { value },
    })),
    ...[...unmapped.languages].map(([value, where]) => ({
      where,
      field: "language",
      message: "ingest.problem.unknownLanguage",
      values: { value },
    })),
  ];
}
