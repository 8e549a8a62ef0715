// The movie form's schemas: checked in the browser (Conform) and again by the action and the operation.
// Messages are message references. Browser-safe: zod and plain values. What needs the database (a free
// slug, external ids no other movie has, countries and assets that exist) is checked in movies.ts.
import { z } from "zod";
import { idSchema } from "../../forms/fields.ts";
import { isLocale } from "../../i18n/locales.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { slugSchema } from "../../forms/fields.ts";
import { slugify } from "../../shared/input.ts";

export const MOVIE_TITLE_MAX = 300;
export const SYNOPSIS_MAX = 5000;
export const CERTIFICATION_MAX = 20;
export const TRAILER_URL_MAX = 500;
export const FIRST_FILM_YEAR = 1888;
export const RUNTIME_MAX = 1000;
export const MOVIE_STATUSES = ["active", "hidden", "merged"] as const;
export type MovieStatus = (typeof MOVIE_STATUSES)[number];
/** The statuses a super admin sets by hand; "merged" only comes from a merge. */
export const SETTABLE_MOVIE_STATUSES = ["active", "hidden"] as const;

/** The genres of the catalogue (the demo data's, which come from Wikidata's film genres). */
export const MOVIE_GENRES = [
  "action",
  "adventure",
  "animation",
  "biography",
  "comedy",
  "crime",
  "documentary",
  "drama",
  "family",
  "fantasy",
  "history",
  "horror",
  "music",
  "musical",
  "mystery",
  "romance",
  "science-fiction",
  "sport",
  "thriller",
  "war",
  "western",
] as const;
export type MovieGenre = (typeof MOVIE_GENRES)[number];

/** The release-date key for the first release anywhere (as the demo data and the API use it). */
export const WORLDWIDE_RELEASE = "WW";

export const IMDB_PATTERN = /^tt\d{7,8}$/;
export const WIKIDATA_MOVIE_PATTERN = /^Q[1-9]\d*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The latest year a movie may have: announced films are listed up to five years ahead. */
export function latestMovieYear(now = new Date()): number {
  return now.getUTCFullYear() + 5;
}

/** A real calendar date written YYYY-MM-DD ("2024-02-30" is not one). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** An ISO 639-1 code ("nl", "en") that the runtime's language names know. */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2}$/.test(code)) return false;
  try {
    return new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(code) !== undefined;
  } catch {
    return false;
  }
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageRef("validation.tooLong", { max }) })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A whole number typed as text (or given as a number) between min and max; empty is none. */
const optionalInteger = (min: number, max: number, key: "year" | "runtime" | "tmdb") =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : (value ?? "").trim();
      if (text === "") return undefined;
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < min || number > max) {
        ctx.addIssue({
          code: "custom",
          message: messageRef(`studio.dataMovies.validation.${key}`, { min, max }),
        });
        return z.NEVER;
      }
      return number;
    });

const optionalId = z
  .union([z.literal(""), idSchema])
  .optional()
  .transform((value) => (value ? value : undefined));

/** One language of the movie: its title and synopsis there. */
const localeRow = z
  .object({
    locale: z.string().trim().optional(),
    title: optionalText(MOVIE_TITLE_MAX),
    synopsis: optionalText(SYNOPSIS_MAX),
  })
  .superRefine((row, ctx) => {
    if (row.locale && !isLocale(row.locale))
      ctx.addIssue({ code: "custom", path: ["locale"], message: "studio.dataMovies.validation.locale" });
    else if (!row.locale && (row.title || row.synopsis))
      ctx.addIssue({ code: "custom", path: ["locale"], message: "studio.dataMovies.validation.locale" });
  });

/** One country of the movie: its release date and certification there. */
const countryRow = z
  .object({
    country: z.string().trim().toUpperCase().optional(),
    releaseDate: optionalText(10),
    certification: optionalText(CERTIFICATION_MAX),
  })
  .superRefine((row, ctx) => {
    if (row.country && !/^[A-Z]{2}$/.test(row.country))
      ctx.addIssue({ code: "custom", path: ["country"], message: "studio.dataMovies.validation.country" });
    else if (!row.country && (row.releaseDate || row.certification))
      ctx.addIssue({ code: "custom", path: ["country"], message: "studio.dataMovies.validation.country" });
    if (row.releaseDate && !isIsoDate(row.releaseDate))
      ctx.addIssue({
        code: "custom",
        path: ["releaseDate"],
        message: "studio.dataMovies.validation.releaseDate",
      });
  });

/**
 * Repeatable rows: a row with nothing but its key (a language chosen, no title typed) is dropped, as is
 * an empty one; a key given twice is refused at the second. Each kept row remembers its place in the
 * form (`row`), so a refusal found later (a country that does not exist) is shown beside that row.
 */
function rows<Row extends z.ZodType<Record<string, string | undefined>>>(row: Row, key: string) {
  return z
    .array(row.optional())
    .optional()
    .transform((list) =>
      (list ?? []).flatMap((entry, index) =>
        entry && Object.entries(entry).some(([name, value]) => name !== key && value)
          ? [{ ...entry, row: index }]
          : [],
      ),
    )
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const entry of list) {
        const value = entry[key];
        if (typeof value !== "string" || !value) continue;
        if (seen.has(value))
          ctx.addIssue({
            code: "custom",
            path: [entry.row, key],
            message: messageRef("studio.dataMovies.validation.duplicateRow", { value }),
          });
        seen.add(value);
      }
    });
}

const genresSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => [...new Set(typeof value === "string" ? [value] : (value ?? []))])
  .refine((list) => list.every((genre) => (MOVIE_GENRES as readonly string[]).includes(genre)), {
    error: "studio.dataMovies.validation.genre",
  });

const movieObject = z.object({
  title: z
    .string({ error: "studio.dataMovies.validation.titleRequired" })
    .trim()
    .min(1, { error: "studio.dataMovies.validation.titleRequired" })
    .max(MOVIE_TITLE_MAX, { error: messageRef("validation.tooLong", { max: MOVIE_TITLE_MAX }) }),
  originalTitle: optionalText(MOVIE_TITLE_MAX),
  slug: slugSchema,
  year: optionalInteger(FIRST_FILM_YEAR, latestMovieYear(), "year"),
  runtimeMinutes: optionalInteger(1, RUNTIME_MAX, "runtime"),
  genres: genresSchema,
  originalLanguage: optionalText(2)
    .transform((value) => value?.toLowerCase())
    .refine((value) => value === undefined || isLanguageCode(value), {
      error: "studio.dataMovies.validation.language",
    }),
  locales: rows(localeRow, "locale"),
  countries: rows(countryRow, "country"),
  trailerUrl: optionalText(TRAILER_URL_MAX).refine((value) => value === undefined || isHttpsUrl(value), {
    error: "studio.dataMovies.validation.trailerUrl",
  }),
  imdbId: optionalText(12).refine((value) => value === undefined || IMDB_PATTERN.test(value), {
    error: "studio.dataMovies.validation.imdb",
  }),
  tmdbId: optionalInteger(1, 2_147_483_647, "tmdb"),
  wikidataId: optionalText(20)
    .transform((value) => value?.toUpperCase())
    .refine((value) => value === undefined || WIKIDATA_MOVIE_PATTERN.test(value), {
      error: "studio.dataMovies.validation.wikidata",
    }),
  posterAssetId: optionalId,
  backdropAssetId: optionalId,
});

export const createMovieSchema = movieObject;

/**
 * A new movie's form as posted: an empty slug becomes the title's (the same slugify the form uses while
 * the title is typed), so a form sent without JavaScript gets one too.
 */
export function withSlugFromTitle<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => {
    if (typeof value !== "object" || value === null) return value;
    const { slug, title } = value as { slug?: unknown; title?: unknown };
    const empty = slug === undefined || (typeof slug === "string" && slug.trim() === "");
    const derived = empty && typeof title === "string" ? slugify(title) : "";
    // A title with no letter or digit gives no slug: the field then says that one is needed.
    return derived ? { ...value, slug: derived } : value;
  }, schema);
}
export const updateMovieSchema = movieObject.extend({ movieId: idSchema });
export type MovieFormOutput = z.output<typeof createMovieSchema>;

const labelSchema = z.string().trim().max(MOVIE_TITLE_MAX).optional();

export const setMovieStatusSchema = z.object({
  movieId: idSchema,
  status: z.enum(SETTABLE_MOVIE_STATUSES, { error: "validation.choiceInvalid" }),
  title: labelSchema,
});

export const ALIAS_MAX = 300;

export const addMovieAliasSchema = z.object({
  movieId: idSchema,
  alias: z
    .string({ error: "studio.dataMovies.validation.aliasRequired" })
    .trim()
    .min(1, { error: "studio.dataMovies.validation.aliasRequired" })
    .max(ALIAS_MAX, { error: messageRef("validation.tooLong", { max: ALIAS_MAX }) }),
});

export const removeMovieAliasSchema = z.object({ aliasId: idSchema, title: labelSchema });

/** `mergedId` is merged away into `survivorId`, which keeps everything. */
export const mergeMoviesSchema = z
  .object({
    survivorId: z.uuid({ error: "studio.dataMovies.validation.mergeChoose" }),
    mergedId: idSchema,
    title: labelSchema,
  })
  .refine((value) => value.survivorId !== value.mergedId, {
    path: ["survivorId"],
    error: "studio.dataMovies.validation.mergeSame",
  });
