// Showtimes: the list's parameters and the showtime as the API shows it.
import { z } from "@hono/zod-openapi";
import { AVAILABILITIES } from "../../../../core/api/showtimes/showtime-row.ts";
import {
  EXAMPLE_CINEMA_ID,
  EXAMPLE_MOVIE_ID,
  EXAMPLE_SHOWTIME_ID,
  checkWindow,
  cityParam,
  codeListParam,
  countryParam,
  cursorParam,
  languageParam,
  limitParam,
  listOf,
  localeParam,
  nearOf,
  nearParam,
  oneOf,
  radiusParam,
  timeBoundParam,
  uuidParam,
  zonedTime,
} from "../common-schema.ts";

export const ShowtimeSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "Stable id.", example: EXAMPLE_SHOWTIME_ID }),
    cinema: z
      .object({
        id: z.string().uuid().openapi({ description: "The cinema's id.", example: EXAMPLE_CINEMA_ID }),
        slug: z.string().openapi({ description: "The cinema's slug.", example: "pathe-tuschinski" }),
        name: z.string().openapi({ description: "The cinema's name.", example: "Pathé Tuschinski" }),
        city: z.string().openapi({ description: "Its city.", example: "Amsterdam" }),
        country: z.string().openapi({ description: "Its country (ISO 3166-1 alpha-2).", example: "NL" }),
        distance_km: z
          .number()
          .nullable()
          .openapi({ description: "Kilometres from `near`; null without `near`.", example: 1.27 }),
      })
      .openapi({ description: "Where it plays." }),
    movie: z
      .object({
        id: z.string().uuid().openapi({ description: "The movie's id.", example: EXAMPLE_MOVIE_ID }),
        slug: z.string().openapi({ description: "The movie's slug.", example: "dune-part-two" }),
        title: z.string().openapi({ description: "Title in the asked `locale`.", example: "Dune: Part Two" }),
        poster_url: z.string().url().nullable().openapi({
          description:
            "Absolute link to the movie's poster (WebP, at most 320 px wide); null when it has none.",
          example:
            "https://reeltime.example/media/3f1c9a0e5b7d2c4a6e8f0b1d3c5a7e9f1b3d5c7a9e1f3b5d7c9a1e3f5b7d9c1a.webp",
        }),
        featured: z.boolean().optional().openapi({
          description:
            "Publishable keys only: your client featured this movie for its widget (the studio's movie settings).",
          example: true,
        }),
        position: z
          .number()
          .int()
          .nullable()
          .optional()
          .openapi({
            description:
              "Publishable keys only: the movie's place among your client's featured movies (1 first); null when " +
              "not featured.",
            example: 1,
          }),
      })
      .nullable()
      .openapi({
        description: "The movie; null while the feed's title is not linked to one (e.g. a sneak preview).",
      }),
    title: z.string().openapi({
      description: "What to show as the title: the movie's, else the feed's.",
      example: "Dune: Part Two",
    }),
    feed_title: z.string().openapi({
      description: "The title exactly as the cinema's feed gives it.",
      example: "Dune: Part Two (OV)",
    }),
    starts_at: zonedTime("When the show (pre-show included) starts.", "2026-11-24T20:15:00+01:00"),
    feature_starts_at: zonedTime(
      "When the film itself starts, after ads and trailers.",
      "2026-11-24T20:30:00+01:00",
    ).nullable(),
    ends_at: zonedTime("When it ends.", "2026-11-24T23:16:00+01:00").nullable(),
    time_zone: z
      .string()
      .openapi({ description: "The cinema's IANA time zone.", example: "Europe/Amsterdam" }),
    listing_date: z.string().openapi({
      description: "The listing day the show belongs to (YYYY-MM-DD; days run 03:00 to 03:00 local time).",
      example: "2026-11-24",
    }),
    auditorium: z.string().nullable().openapi({ description: "Screen or room.", example: "Zaal 1" }),
    attributes: z.array(z.string()).openapi({
      description: "Attribute codes (see `GET /attributes`).",
      example: ["imax", "ov", "nl-subs"],
    }),
    attribute_names: z.record(z.string(), z.string()).openapi({
      description:
        "The display name of each of `attributes` in the asked `locale` (from `GET /attributes`; its English " +
        "name, else the code itself, where it has none in that locale).",
      example: { imax: "IMAX", ov: "Original version", "nl-subs": "Dutch subtitles" },
    }),
    audio_language: z
      .string()
      .nullable()
      .openapi({ description: "Spoken language (ISO 639-1).", example: "en" }),
    subtitle_languages: z
      .array(z.string())
      .openapi({ description: "Subtitle languages (ISO 639-1).", example: ["nl"] }),
    booking_url: z
      .string()
      .url()
      .nullable()
      .openapi({
        description:
          "Absolute https (or http) link to book this show: the show's own link from the cinema's feed, else " +
          "the cinema's booking URL template filled in for the show, else the cinema's web site. Null when " +
          "the cinema has none of these.",
        example: "https://kinepolis.nl/direct-vista-redirect/51234/0/KUTR/0",
      }),
    booking_url_kind: z
      .enum(["showtime", "cinema"])
      .nullable()
      .openapi({
        description:
          "What `booking_url` opens: `showtime`, this show's booking (a deep link); `cinema`, the cinema's " +
          'site, where the visitor finds the show (say so, e.g. "tickets at the cinema\'s site"). Null ' +
          "when there is no link.",
        example: "showtime",
      }),
    bookable: z.boolean().openapi({
      description:
        "Whether the show can be booked online through `booking_url` now: false when it is sold out, cancelled " +
        "or has no link, as the public site shows it (tickets at the box office, if any are left). Show an " +
        'unbookable show as such (no link, "at the box office"), not as a dead link.',
      example: true,
    }),
    price: z
      .object({
        min: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "Lowest price, minor units (cents).", example: 1150 }),
        max: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "Highest price, minor units (cents).", example: 1650 }),
        currency: z.string().openapi({ description: "ISO 4217 currency.", example: "EUR" }),
      })
      .nullable()
      .openapi({ description: "Ticket prices; null when unknown." }),
    seats: z
      .object({
        available: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "Seats still available.", example: 87 }),
        total: z.number().int().nullable().openapi({ description: "Seats in the auditorium.", example: 440 }),
      })
      .openapi({ description: "Seat counts, when the cinema publishes them." }),
    availability: z
      .enum(AVAILABILITIES)
      .openapi({ description: "Ticket availability.", example: "available" }),
    status: z.enum(["scheduled", "cancelled"]).openapi({
      description: "Cancelled shows appear in `GET /changes` and by id only.",
      example: "scheduled",
    }),
    created_at: zonedTime("When Reeltime first saw the show.", "2026-11-20T04:00:12+01:00"),
    updated_at: zonedTime("When it last changed.", "2026-11-23T04:00:09+01:00"),
  })
  .openapi("Showtime", { description: "One show of a movie at a cinema." });

export const ListShowtimesQuery = z
  .object({
    cinema: uuidParam("cinema").optional().openapi({
      description: "Only this cinema's shows. A cinema in a country your key does not grant: 403.",
      example: EXAMPLE_CINEMA_ID,
    }),
    movie: uuidParam("movie")
      .optional()
      .openapi({ description: "Only this movie's shows.", example: EXAMPLE_MOVIE_ID }),
    country: countryParam,
    city: cityParam,
    near: nearParam,
    radius: radiusParam,
    from: timeBoundParam(
      "from",
      "Start of the window. A date (YYYY-MM-DD) is a listing day in each cinema's own time zone, starting at 03:00 " +
        "local time; a date-time with an offset (2026-11-24T18:00:00+01:00) is an instant. Default: now.",
      "2026-11-24",
    ),
    to: timeBoundParam(
      "to",
      "End of the window. A date includes that whole listing day (until 03:00 local time the morning after); a " +
        "date-time is excluded. Same kind as `from`, not before it. Default: no end.",
      "2026-11-25",
    ),
    attributes: codeListParam("attributes", 20).optional().openapi({
      type: "string",
      description: "Comma-separated attribute codes; a show must have all of them. Unknown codes: 400.",
      example: "imax,ov",
    }),
    audio_language: languageParam("audio_language")
      .optional()
      .openapi({ description: "Spoken language (ISO 639-1).", example: "en" }),
    subtitle_language: languageParam("subtitle_language")
      .optional()
      .openapi({ description: "A subtitle language the show must have (ISO 639-1).", example: "nl" }),
    availability: z
      .string()
      .transform((value, ctx) => {
        const values = [...new Set(value.split(","))];
        const wrong = values.find((v) => !(AVAILABILITIES as readonly string[]).includes(v));
        if (wrong !== undefined) {
          ctx.addIssue({
            code: "custom",
            message: `availability must be comma-separated values of ${AVAILABILITIES.join(", ")}`,
          });
          return z.NEVER;
        }
        return values.filter((v): v is (typeof AVAILABILITIES)[number] =>
          (AVAILABILITIES as readonly string[]).includes(v),
        );
      })
      .optional()
      .openapi({
        type: "string",
        description: `Comma-separated ticket availabilities to keep (${AVAILABILITIES.join(", ")}).`,
        example: "available,few-left",
      }),
    locale: localeParam,
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict()
  .superRefine(nearOf)
  .superRefine(checkWindow);

export const ShowtimeParams = z.object({
  id: uuidParam("id").openapi({ description: "The showtime's id.", example: EXAMPLE_SHOWTIME_ID }),
});

export const ShowtimeQuery = z.object({ locale: localeParam }).strict();

export const ShowtimeListSchema = listOf(
  ShowtimeSchema,
  "ShowtimeList",
  "Scheduled shows, by start time (then id).",
);
export const ShowtimeResultSchema = oneOf(ShowtimeSchema, "ShowtimeResult", "One showtime.");
