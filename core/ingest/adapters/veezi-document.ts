// Veezi API v1 sessions (and web sessions) with the films they show, as the JSON and the XML adapter
// both read them: the films only add hints (runtime, opening year, format, language) to sessions.
import type { FeedShowtime, ParsedFeed } from "../feed.ts";
import { compact, FeedCollector } from "./feed-collector.ts";
import { isRecord } from "./parse-json-text.ts";
import {
  dateOfTimestamp,
  RowCheck,
  readCount,
  readDateTime,
  readStringList,
  readText,
  readUrl,
  readYearOfDate,
} from "./read-values.ts";

export type VeeziDocument = { sessions: unknown[]; films: unknown[] };

const CANCELLED = new Set(["closed", "cancelled", "canceled"]);

/** Veezi attributes come as strings or as {ShortName, Description} objects. */
function attributeNames(value: unknown): string[] {
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value).flat() : [value];
  return items.flatMap((item) => {
    const name = isRecord(item) ? (item.ShortName ?? item.Name ?? item.Description) : item;
    const read = readText(name);
    return read.ok && read.value ? [read.value] : [];
  });
}

function filmsById(films: unknown[]) {
  const byId = new Map<string, Record<string, unknown>>();
  for (const film of films) {
    if (!isRecord(film)) continue;
    const id = readText(film.Id);
    if (id.ok && id.value) byId.set(id.value, film);
  }
  return byId;
}

function readSession(session: unknown, where: string, films: Map<string, Record<string, unknown>>) {
  const check = new RowCheck(where);
  if (!isRecord(session)) {
    check.add("", "ingest.problem.wrongType", { expected: "object" });
    return { check };
  }
  const ref = check.require("Id", readText(session.Id));
  const filmId = check.get("FilmId", readText(session.FilmId));
  const film = (filmId && films.get(filmId)) || {};
  const title = check.require("Title", readText(session.Title ?? film.Title));
  const featureStartsAt = check.get("FeatureStartTime", readDateTime(session.FeatureStartTime));
  const preShow = check.get("PreShowStartTime", readDateTime(session.PreShowStartTime));
  const endsAt = check.get("FeatureEndTime", readDateTime(session.FeatureEndTime));
  const seatsAvailable = check.get("SeatsAvailable", readCount(session.SeatsAvailable));
  const bookingUrl = check.get("URL", readUrl(session.URL ?? session.Url));
  const auditorium = check.get("ScreenId", readText(session.ScreenName ?? session.ScreenId));
  const status = readText(session.Status);
  const startsAt = preShow ?? featureStartsAt;
  if (startsAt === undefined && !check.problems.some((p) => p.field.endsWith("StartTime"))) {
    check.missing("PreShowStartTime");
  }
  // film hints are a bonus: a film row that does not read leaves them out, it does not skip the session
  const hint = <T>(read: { ok: boolean; value?: T }) => (read.ok ? read.value : undefined);
  const formats = readStringList(film.Format);
  if (check.failed || ref === undefined || title === undefined || startsAt === undefined) return { check };
  const showtime: FeedShowtime = compact<FeedShowtime>({
    ref,
    where,
    title,
    startsAt,
    featureStartsAt,
    endsAt,
    auditorium,
    attributes: [
      ...new Set([...(formats.ok ? (formats.value ?? []) : []), ...attributeNames(session.Attributes)]),
    ],
    subtitleLanguages: [],
    bookingUrl,
    seatsAvailable,
    availability: seatsAvailable === 0 ? "sold-out" : undefined,
    cancelled: status.ok && status.value && CANCELLED.has(status.value.toLowerCase()) ? true : undefined,
    hints: compact({
      runtimeMinutes: hint(readCount(film.Duration)) || undefined,
      year: hint(readYearOfDate(film.OpeningDate)),
      releaseDate: dateOfTimestamp(film.OpeningDate),
      language: hint(readText(film.Language)),
    }),
  });
  return { check, showtime };
}

export function readVeeziDocument({ sessions, films }: VeeziDocument): ParsedFeed {
  const feed = new FeedCollector();
  const byId = filmsById(films);
  sessions.forEach((session, index) => {
    // a private hire is not on the public programme: left out like a session the feed never listed
    if (isRecord(session) && String(session.ShowType ?? "").toLowerCase() === "private") return;
    const { check, showtime } = readSession(session, `sessions[${index}]`, byId);
    feed.problem(...check.problems);
    if (showtime) feed.showtime(showtime);
  });
  return feed.result();
}
