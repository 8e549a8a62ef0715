// Reeltime's native showtime row, shared by the JSON and the CSV format (docs/feeds/reeltime-native.md).
// The zod schema is the definition: docs/feeds/reeltime-feed.schema.json is generated from it.
import { z } from "zod";
import type { FeedShowtime, ImportProblem } from "../feed.ts";
import { compact } from "./feed-collector.ts";
import { FEED_DATE_TIME_PATTERN, isFeedDateTime, readDateTime, shown } from "./read-values.ts";
import { stableRef } from "./stable-ref.ts";

const dateTime = (description: string) =>
  z
    .string()
    .regex(FEED_DATE_TIME_PATTERN)
    .refine(isFeedDateTime, { message: "ingest.problem.invalidDate" })
    .describe(
      `${description}. Local wall-clock time "YYYY-MM-DDTHH:mm[:ss]" (read in the cinema's time zone) or an instant with "Z" or an offset.`,
    );
const count = z.int().nonnegative();

export const nativeShowtimeSchema = z
  .object({
    id: z
      .union([z.string().trim().min(1), z.int()])
      .optional()
      .describe(
        "The feed's own id for the showtime, stable across runs. When absent, cinema + title + start stand in.",
      ),
    cinema: z.string().optional().describe("The cinema's name, when the feed covers several cinemas."),
    cinemaId: z
      .union([z.string().trim().min(1), z.int()])
      .optional()
      .describe("The feed's id for the cinema (as set on the cinema in the studio)."),
    title: z.string().trim().min(1).describe("The title as the cinema shows it, decorations included."),
    startsAt: dateTime("When the show starts (doors, ads)").optional(),
    date: dateTime("Alias of startsAt").optional(),
    featureStartsAt: dateTime("When the film itself starts").optional(),
    endsAt: dateTime("When the show ends").optional(),
    auditorium: z.union([z.string(), z.int()]).optional().describe("Screen or hall name."),
    attributes: z
      .array(z.string())
      .optional()
      .describe('The cinema\'s own attribute labels ("3D", "OV", "Dolby Atmos").'),
    audioLanguage: z.string().optional().describe('Spoken language: a code ("en") or a name.'),
    subtitles: z.array(z.string()).optional().describe("Subtitle languages."),
    bookingUrl: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe("Where to buy a ticket (http or https)."),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe("Alias of bookingUrl."),
    price: z
      .object({
        min: count.optional(),
        max: count.optional(),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .optional()
          .describe("ISO 4217"),
      })
      .optional()
      .describe("Ticket prices in minor units (cents): 1250 is 12.50."),
    seatsAvailable: count.optional(),
    seatsTotal: count.optional(),
    availability: z.enum(["available", "few-left", "sold-out", "unknown"]).optional(),
    cancelled: z.boolean().optional().describe("true for a cancelled show that is still listed."),
    film: z
      .object({
        year: z.int().min(1870).max(2200).optional(),
        runtimeMinutes: z.int().positive().optional(),
        language: z.string().optional().describe("Original language of the film."),
        imdbId: z
          .string()
          .regex(/^tt\d{7,}$/)
          .optional(),
        tmdbId: z.int().positive().optional(),
        wikidataId: z
          .string()
          .regex(/^Q\d+$/)
          .optional(),
      })
      .optional()
      .describe("What the feed knows about the film, to find the right movie."),
  })
  .meta({
    id: "Showtime",
    description: "One showtime. startsAt (or date) is required; unknown fields are ignored.",
  });

export const nativeFeedSchema = z
  .union([
    z.object({ showtimes: z.array(nativeShowtimeSchema) }),
    z.array(nativeShowtimeSchema).describe("A bare array of showtimes"),
  ])
  .describe('A Reeltime feed: { "showtimes": [...] } or a bare array of showtimes.');

/** The JSON Schema published in docs/feeds/reeltime-feed.schema.json. */
export function nativeFeedJsonSchema() {
  return { title: "Reeltime showtimes feed", ...z.toJSONSchema(nativeFeedSchema, { io: "input" }) };
}

/** The names problems use for a field ("price.min"); the CSV adapter maps them to its columns. */
export type FieldName = (path: string) => string;

/** null means absent: drop it from the row and from its objects (price, film) before the schema sees it. */
function withoutNulls(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value) || depth > 1) return value;
  const record = value as Record<string, unknown>;
  // Copied only when a null is there to drop (a CSV row never has one; this runs for every row).
  let kept: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const clean = item === null ? undefined : withoutNulls(item, depth + 1);
    if (clean === item) continue;
    kept ??= { ...record };
    if (clean === undefined) delete kept[key];
    else kept[key] = clean;
  }
  return kept ?? value;
}

function valueAt(row: unknown, path: PropertyKey[]): unknown {
  let value = row;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const DATE_FIELDS = new Set(["startsAt", "date", "featureStartsAt", "endsAt"]);

function issueProblem(issue: z.core.$ZodIssue, value: unknown): Pick<ImportProblem, "message" | "values"> {
  if (value === undefined) return { message: "ingest.problem.required", values: {} };
  const quoted = { value: shown(value) };
  switch (issue.code) {
    case "invalid_type":
      return {
        message: "ingest.problem.wrongType",
        values: { expected: issue.expected === "int" ? "integer" : issue.expected },
      };
    case "invalid_format":
      if (issue.format === "url") return { message: "ingest.problem.invalidUrl", values: quoted };
      if (DATE_FIELDS.has(String(issue.path.at(-1))))
        return { message: "ingest.problem.invalidDate", values: quoted };
      return { message: "ingest.problem.invalidValue", values: quoted };
    case "too_small":
      if (issue.origin === "string") return { message: "ingest.problem.required", values: {} };
      if (issue.minimum === 0) return { message: "ingest.problem.negativeNumber", values: quoted };
      return { message: "ingest.problem.invalidValue", values: quoted };
    case "custom":
      return { message: issue.message, values: quoted };
    case "invalid_union": {
      // id / cinemaId / auditorium: report the simplest reading
      const inner = issue.errors[0]?.[0];
      return inner ? issueProblem(inner, value) : { message: "ingest.problem.invalidValue", values: quoted };
    }
    default:
      return { message: "ingest.problem.invalidValue", values: quoted };
  }
}

const defaultFieldName: FieldName = (path) => path;

/**
 * One native row, checked: a showtime, or the problems that skip it (one per field). `where` is the
 * row's place in the input ("showtimes[3]", "line 12").
 */
export function readNativeRow(
  raw: unknown,
  where: string,
  fieldName: FieldName = defaultFieldName,
): { showtime?: FeedShowtime; problems: ImportProblem[] } {
  const input = withoutNulls(raw);
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return {
      problems: [{ where, field: "", message: "ingest.problem.wrongType", values: { expected: "object" } }],
    };
  }
  const parsed = nativeShowtimeSchema.safeParse(input);
  const problems = new Map<string, ImportProblem>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    // attributes.2 → attributes: a field is reported once, by its name
    const cut = issue.path.findIndex((key) => typeof key === "number");
    const path = cut < 0 ? issue.path : issue.path.slice(0, cut + 1);
    const field = fieldName(path.filter((key) => typeof key !== "number").join("."));
    if (problems.has(field)) continue;
    problems.set(field, { where, field, ...issueProblem(issue, valueAt(input, path)) });
  }
  const record = input as Record<string, unknown>;
  if (record.startsAt === undefined && record.date === undefined) {
    problems.set(fieldName("startsAt"), {
      where,
      field: fieldName("startsAt"),
      message: "ingest.problem.required",
      values: {},
    });
  }
  if (!parsed.success || problems.size > 0) return { problems: [...problems.values()] };
  return { showtime: toShowtime(parsed.data, where), problems: [] };
}

const normalized = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  const read = readDateTime(text);
  return read.ok ? read.value : undefined;
};

function toShowtime(row: z.output<typeof nativeShowtimeSchema>, where: string): FeedShowtime {
  const startsAt = normalized(row.startsAt ?? row.date) ?? "";
  const cinemaRef = row.cinemaId === undefined ? undefined : String(row.cinemaId);
  const film = row.film ?? {};
  return compact<FeedShowtime>({
    ref: row.id === undefined ? stableRef(cinemaRef ?? row.cinema, row.title, startsAt) : String(row.id),
    where,
    cinemaRef,
    cinemaName: row.cinema?.trim() || undefined,
    title: row.title,
    startsAt,
    featureStartsAt: normalized(row.featureStartsAt),
    endsAt: normalized(row.endsAt),
    auditorium: row.auditorium === undefined ? undefined : String(row.auditorium).trim() || undefined,
    attributes: (row.attributes ?? []).map((a) => a.trim()).filter(Boolean),
    audioLanguage: row.audioLanguage?.trim() || undefined,
    subtitleLanguages: (row.subtitles ?? []).map((s) => s.trim()).filter(Boolean),
    bookingUrl: row.bookingUrl ?? row.url,
    priceMin: row.price?.min,
    priceMax: row.price?.max,
    currency: row.price?.currency,
    seatsAvailable: row.seatsAvailable,
    seatsTotal: row.seatsTotal,
    availability: row.availability,
    cancelled: row.cancelled,
    hints: compact({
      year: film.year,
      runtimeMinutes: film.runtimeMinutes,
      language: film.language?.trim() || undefined,
      imdbId: film.imdbId,
      tmdbId: film.tmdbId,
      wikidataId: film.wikidataId,
    }),
  });
}
