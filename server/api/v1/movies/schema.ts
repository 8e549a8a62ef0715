// Movies: the list's parameters and the movie as the API shows it.
import { z } from "@hono/zod-openapi";
import {
  EXAMPLE_MOVIE_ID,
  countryParam,
  cursorParam,
  limitParam,
  listOf,
  localeParam,
  oneOf,
  textParam,
  uuidParam,
  textDescription,
} from "../common-schema.ts";

export const MovieSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "Stable id.", example: EXAMPLE_MOVIE_ID }),
    slug: z.string().openapi({ description: "URL-safe name, stable.", example: "dune-part-two" }),
    title: z.string().openapi({ description: "Title in the asked `locale`.", example: "Dune: Part Two" }),
    titles: z.record(z.string(), z.string()).openapi({
      description: "Title per locale.",
      example: { en: "Dune: Part Two", nl: "Dune: Deel Twee" },
    }),
    original_title: z
      .string()
      .nullable()
      .openapi({ description: "Original title, when it differs.", example: null }),
    year: z.number().int().nullable().openapi({ description: "Release year.", example: 2024 }),
    runtime_minutes: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Running time in minutes.", example: 166 }),
    genres: z
      .array(z.string())
      .openapi({ description: "Genre codes.", example: ["science-fiction", "adventure"] }),
    original_language: z
      .string()
      .nullable()
      .openapi({ description: "Original language (ISO 639-1).", example: "en" }),
    release_dates: z.record(z.string(), z.string()).openapi({
      description:
        "Release date (YYYY-MM-DD) per country your key grants; `WW` is the first release anywhere.",
      example: { WW: "2024-02-28", NL: "2024-02-28" },
    }),
    certification: z
      .record(z.string(), z.string())
      .openapi({ description: "Age rating per country your key grants.", example: { NL: "12" } }),
    synopsis: z.string().nullable().openapi({
      description: "Synopsis in the asked `locale` (else English).",
      example: "Paul Atreides unites with the Fremen.",
    }),
    trailer_url: z
      .string()
      .url()
      .nullable()
      .openapi({ description: "Trailer link.", example: "https://www.youtube.com/watch?v=Way9Dexny3w" }),
    imdb_id: z.string().nullable().openapi({ description: "IMDb id.", example: "tt15239678" }),
    tmdb_id: z.number().int().nullable().openapi({ description: "TMDB id.", example: 693134 }),
    wikidata_id: z.string().nullable().openapi({ description: "Wikidata id.", example: "Q104105463" }),
  })
  .openapi("Movie", { description: "A movie of the catalogue." });

export const ListMoviesQuery = z
  .object({
    country: countryParam.openapi({
      description:
        "Only movies with scheduled shows in this country over the coming 14 days (implies `now_playing`). A " +
        "country your key does not grant: 403.",
      example: "NL",
    }),
    now_playing: z
      .enum(["true", "false"], { message: "now_playing must be true or false" })
      .transform((value) => value === "true")
      .optional()
      .openapi({
        type: "string",
        description:
          "true: only movies with scheduled shows from now over the coming 14 days in your countries.",
        example: "true",
      }),
    q: textParam("q")
      .optional()
      .openapi({
        description: textDescription("Text in any localized or the original title (any case)."),
        example: "dune",
      }),
    locale: localeParam,
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict();

export const MovieParams = z.object({
  id: uuidParam("id").openapi({ description: "The movie's id.", example: EXAMPLE_MOVIE_ID }),
});

export const MovieQuery = z.object({ locale: localeParam }).strict();

export const MovieListSchema = listOf(
  MovieSchema,
  "MovieList",
  "Movies, by title in the asked locale (then id).",
);
export const MovieResultSchema = oneOf(MovieSchema, "MovieResult", "One movie.");
