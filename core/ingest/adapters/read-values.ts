// The value checks every adapter shares: a feed gives text or numbers, these turn them into the
// FeedShowtime fields or say why they cannot (a message key under ingest.problem.* with its values).
import type { ImportProblem } from "../feed.ts";

export type Read<T> =
  | { ok: true; value: T | undefined }
  | { ok: false; message: string; values: Record<string, string | number> };

const ok = <T>(value: T | undefined): Read<T> => ({ ok: true, value });
const bad = <T>(message: string, value: unknown): Read<T> => ({
  ok: false,
  message,
  values: { value: shown(value) },
});

/** A value as a problem quotes it: short, so a megabyte of junk does not land in the run log. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Array.isArray(value) ? "[…]" : "{…}"; // nested too deep to print
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Text, trimmed; numbers are read as their digits (Veezi ids, screen numbers); blank is absent. */
export function readText(value: unknown): Read<string> {
  if (isBlank(value)) return ok(undefined);
  if (typeof value === "string") return ok(value.trim());
  if (typeof value === "number" && Number.isFinite(value)) return ok(String(value));
  return bad("ingest.problem.invalidValue", value);
}

/** A whole number, from a number or a string of digits. */
export function readInt(value: unknown): Read<number> {
  if (isBlank(value)) return ok(undefined);
  if (typeof value === "string" && !/^\s*-?\d+\s*$/.test(value))
    return bad("ingest.problem.invalidNumber", value);
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n)) return bad("ingest.problem.invalidNumber", value);
  return ok(n);
}

/** A count (seats, minutes, a year): a whole number, not negative. */
export function readCount(value: unknown): Read<number> {
  const read = readInt(value);
  if (read.ok && read.value !== undefined && read.value < 0)
    return bad("ingest.problem.negativeNumber", value);
  return read;
}

/** A decimal price in major units ("12.50", "12,50", 12.5) as minor units (1250). */
export function readDecimalPrice(value: unknown): Read<number> {
  if (isBlank(value)) return ok(undefined);
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return bad("ingest.problem.invalidPrice", value);
  if (match[1]) return bad("ingest.problem.negativeNumber", value);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return ok(cents);
}

/** true/false, yes/no, 1/0 (CSV and XML give text). */
export function readBoolean(value: unknown): Read<boolean> {
  if (isBlank(value)) return ok(undefined);
  if (typeof value === "boolean") return ok(value);
  const text = String(value).trim().toLowerCase();
  if (["true", "yes", "1"].includes(text)) return ok(true);
  if (["false", "no", "0"].includes(text)) return ok(false);
  return bad("ingest.problem.invalidValue", value);
}

/** An http(s) address: anything else (javascript:, data:) would end up as a link on the site. */
export function readUrl(value: unknown): Read<string> {
  const text = readText(value);
  if (!text.ok || text.value === undefined) return text;
  if (!URL.canParse(text.value)) return bad("ingest.problem.invalidUrl", value);
  const { protocol } = new URL(text.value);
  if (protocol !== "http:" && protocol !== "https:") return bad("ingest.problem.invalidUrl", value);
  return ok(text.value);
}

/**
 * The date-time forms a feed may use: a local wall-clock time "YYYY-MM-DDTHH:mm[:ss[.fff]]" (a space
 * instead of the T is accepted), or an instant with "Z" or an offset.
 */
export const FEED_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time as the feed wrote it, checked against the calendar. Local times come back as
 * "YYYY-MM-DDTHH:mm[:ss]" (no fraction), instants as the ISO string with its zone; no conversion.
 */
export function readDateTime(value: unknown): Read<string> {
  if (isBlank(value)) return ok(undefined);
  const text = typeof value === "string" ? value.trim() : "";
  const m = FEED_DATE_TIME_PATTERN.exec(text);
  if (!m) return bad("ingest.problem.invalidDate", value);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "00"].map(
    Number,
  ) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    return bad("ingest.problem.invalidDate", value);
  }
  const zone = m[7];
  if (zone) {
    const offset = /^[+-](\d{2}):?(\d{2})$/.exec(zone);
    if (offset && (Number(offset[1]) > 18 || Number(offset[2]) > 59))
      return bad("ingest.problem.invalidDate", value);
    return ok(text.replace(" ", "T"));
  }
  return ok(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}${m[6] ? `:${m[6]}` : ""}`);
}

/** True when readDateTime accepts the text (for the zod schema of the native format). */
export const isFeedDateTime = (text: string) => {
  const read = readDateTime(text);
  return read.ok && read.value !== undefined;
};

/** An ISO 8601 duration ("PT1H53M", "P0DT2H", "PT113M") in whole minutes. */
export function readIsoDurationMinutes(value: unknown): Read<number> {
  if (isBlank(value)) return ok(undefined);
  const text = typeof value === "string" ? value.trim().toUpperCase() : "";
  const m = /^P(?:(\d{1,3})D)?(?:T(?:(\d{1,4})H)?(?:(\d{1,5})M)?(?:(\d{1,6})S)?)?$/.exec(text);
  if (!m || text === "P" || text.endsWith("T")) return bad("ingest.problem.invalidDuration", value);
  const [days, hours, minutes, seconds] = [m[1], m[2], m[3], m[4]].map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return ok(days * 1440 + hours * 60 + minutes + Math.round(seconds / 60));
}

/** The year of a date ("2009-09-17T00:00:00", "2024-03-01", 1982). */
export function readYearOfDate(value: unknown): Read<number> {
  if (isBlank(value)) return ok(undefined);
  const m = /^(\d{4})(?:$|-)/.exec(String(value).trim());
  if (!m) return bad("ingest.problem.invalidDate", value);
  return ok(Number(m[1]));
}

/**
 * The calendar date a date or timestamp starts with ("2025-04-10T00:00:00" → "2025-04-10"), when it is a
 * real date: the matcher takes the year from it and a missing link prefills the movie's release with it.
 */
export function dateOfTimestamp(value: unknown): string | undefined {
  const date = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(typeof value === "string" ? value.trim() : "")?.[1];
  if (!date) return undefined;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

/** A list of strings: an array, or one string split on the separator; blanks dropped. */
export function readStringList(value: unknown, separator?: string): Read<string[]> {
  if (isBlank(value)) return ok([]);
  const items = Array.isArray(value)
    ? value
    : typeof value === "string" && separator
      ? value.split(separator)
      : [value];
  const out: string[] = [];
  for (const item of items) {
    const text = readText(item);
    if (!text.ok) return bad("ingest.problem.invalidValue", value);
    if (text.value !== undefined) out.push(text.value);
  }
  return ok(out);
}

/**
 * The checks of one row: `get` keeps a value or records why not; a row with any problem is skipped
 * whole (a half-read showtime would import the wrong thing).
 */
export class RowCheck {
  readonly where: string;
  readonly problems: ImportProblem[] = [];
  constructor(where: string) {
    this.where = where;
  }

  get<T>(field: string, read: Read<T>): T | undefined {
    if (read.ok) return read.value;
    this.problems.push({ where: this.where, field, message: read.message, values: read.values });
    return undefined;
  }

  /** like get, and a missing value is a problem too */
  require<T>(field: string, read: Read<T>): T | undefined {
    const value = this.get(field, read);
    if (read.ok && value === undefined) this.missing(field);
    return value;
  }

  missing(field: string) {
    this.problems.push({ where: this.where, field, message: "ingest.problem.required", values: {} });
  }

  add(field: string, message: string, values: Record<string, string | number> = {}) {
    this.problems.push({ where: this.where, field, message, values });
  }

  get failed() {
    return this.problems.length > 0;
  }
}
