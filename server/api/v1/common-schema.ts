// Schemas shared by the API's operations: the request parameters several of them take (validated here,
// documented from the same definitions) and the envelopes of every answer.
import { z } from "@hono/zod-openapi";
import { decimalFromText, integerFromText } from "../../../core/forms/numbers.ts";
import { MAX_CURSOR_LENGTH } from "../../../core/api/cursor.ts";
import { API_LOCALES } from "../../../core/api/movies/movie-row.ts";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, type Near } from "../../../core/api/near.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../core/api/api-page.ts";
import type { TimeBound } from "../../../core/api/showtimes/time-window.ts";
import { isIsoDate } from "../../../core/showtimes/listing-day.ts";

export const EXAMPLE_CINEMA_ID = "3b9d6f0e-5c1a-4e8b-9a57-2f4c8d1e6a90";
export const EXAMPLE_MOVIE_ID = "8e2f4a61-0b7d-4c39-a5e8-6d1f9c3b2a47";
export const EXAMPLE_SHOWTIME_ID = "c5a1e7d2-94b3-4f68-8e0a-1b2d3c4e5f60";
export const EXAMPLE_CHAIN_ID = "5f0c2b8e-7a14-4d93-b6e1-9c8d7e6f5a43";
export const EXAMPLE_CURSOR =
  "eyJvIjoibGlzdFNob3d0aW1lcyIsImYiOiJjM2ZpTFQ1cjh3VDYiLCJrIjpbMH19.p7Qz3vX0aN5fK2mB";

/** Letters, digits, spaces and the punctuation of titles and place names ("Schindler's List", "'s-Hertogenbosch"). */
const TEXT = /^[\p{L}\p{M}\p{N} '’\-.,:!?&()/]+$/u;
const TEXT_RULE = "letters, digits, spaces and ' ’ - . , : ! ? & ( ) / only, at most 100 characters";

/** A text parameter's description with its rule. */
export const textDescription = (description: string) => `${description} Allowed: ${TEXT_RULE}.`;

/** Free text of a search or a name: trimmed, 1–100 characters of TEXT. */
export const textParam = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what}: give at least one character` })
    .max(100, { message: `${what}: at most 100 characters` })
    // A refinement, not .regex(): the document says the rule in words (Unicode classes such as \p{L} are
    // not portable JSON Schema patterns).
    .refine((value) => TEXT.test(value), { message: `${what}: ${TEXT_RULE}` });

export const limitParam = integerFromText(
  z
    .number({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` }),
)
  .default(DEFAULT_PAGE_SIZE)
  .openapi({
    description: `Page size: how many items to return, from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    example: DEFAULT_PAGE_SIZE,
  });

export const cursorParam = z
  .string()
  .max(MAX_CURSOR_LENGTH, { message: "cursor is not a cursor this API gave out" })
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { message: "cursor is not a cursor this API gave out" })
  .optional()
  .openapi({
    description:
      "Where the page starts: the `pagination.next_cursor` of the previous page, unchanged. Cursors are opaque, " +
      "belong to the operation and filters that produced them, and are refused (400) when edited.",
    example: EXAMPLE_CURSOR,
  });

export const countryParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "country must be an ISO 3166-1 alpha-2 code such as NL" })
  .transform((value) => value.toUpperCase())
  .optional()
  .openapi({
    description:
      "ISO 3166-1 alpha-2 country code (any case). Only countries your key grants: another one is answered 403 " +
      "with a problem naming it. Without it, all of your key's countries.",
    example: "NL",
  });

export const localeParam = z
  .enum(API_LOCALES, { message: `locale must be one of ${API_LOCALES.join(", ")}` })
  .default("en")
  .openapi({
    description: "Language of movie titles and synopses (Dutch titles often differ).",
    example: "nl",
  });

export const cityParam = textParam("city")
  .optional()
  .openapi({
    description: textDescription(
      "City name, any case, as `GET /cities` lists it (e.g. `amsterdam`, `'s-Hertogenbosch`). A city that exists " +
        "only in countries your key does not grant is answered 403.",
    ),
    example: "Amsterdam",
  });

export const uuidParam = (what: string) =>
  z.string().uuid({ message: `${what} must be an id (a UUID) this API gave out` });

const COORDINATES = /^(-?\d{1,3}(?:\.\d{1,10})?),(-?\d{1,3}(?:\.\d{1,10})?)$/;

export const nearParam = z
  .string()
  .transform((value, ctx) => {
    const match = COORDINATES.exec(value.replace(/\s+/g, ""));
    const latitude = Number(match?.[1]);
    const longitude = Number(match?.[2]);
    if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      ctx.addIssue({
        code: "custom",
        message:
          "near must be latitude,longitude in decimal degrees (latitude −90…90, longitude −180…180), e.g. 52.3702,4.8952",
      });
      return z.NEVER;
    }
    return { latitude, longitude };
  })
  .optional()
  .openapi({
    type: "string",
    pattern: COORDINATES.source,
    description:
      "A point, `latitude,longitude` in decimal degrees (WGS 84): only cinemas within `radius` of it.",
    example: "52.3702,4.8952",
  });

export const radiusParam = decimalFromText(
  z
    .number({ message: `radius must be a number of kilometres, more than 0 and at most ${MAX_RADIUS_KM}` })
    .gt(0, { message: `radius must be a number of kilometres, more than 0 and at most ${MAX_RADIUS_KM}` })
    .max(MAX_RADIUS_KM, {
      message: `radius must be a number of kilometres, more than 0 and at most ${MAX_RADIUS_KM}`,
    }),
)
  .optional()
  .openapi({
    description: `Kilometres around \`near\` (more than 0, at most ${MAX_RADIUS_KM}; default ${DEFAULT_RADIUS_KM}). Only with \`near\`.`,
    example: 5,
  });

/** `near` and `radius` together; `radius` alone is a mistake worth saying. */
export function nearOf(
  query: { near?: { latitude: number; longitude: number }; radius?: number },
  ctx: z.RefinementCtx,
): void {
  if (query.radius !== undefined && query.near === undefined) {
    ctx.addIssue({ code: "custom", path: ["radius"], message: "radius needs near (latitude,longitude)" });
  }
}

export function toNear(query: {
  near?: { latitude: number; longitude: number };
  radius?: number;
}): Near | undefined {
  return query.near ? { ...query.near, radiusKm: query.radius ?? DEFAULT_RADIUS_KM } : undefined;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A listing day (YYYY-MM-DD) or an instant (ISO 8601 date-time with Z or an offset). */
export const timeBoundParam = (name: "from" | "to", description: string, example: string) =>
  z
    .string()
    .transform((value, ctx): TimeBound => {
      if (isIsoDate(value) && value >= "2000-01-01" && value <= "2100-12-31")
        return { kind: "date", date: value };
      const at = new Date(value);
      if (
        DATE_TIME.test(value) &&
        !Number.isNaN(at.getTime()) &&
        at.getUTCFullYear() >= 2000 &&
        at.getUTCFullYear() <= 2100
      ) {
        return { kind: "instant", at };
      }
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a date (YYYY-MM-DD) or a date-time with an offset (e.g. 2026-11-24T18:00:00+01:00), between 2000 and 2100`,
      });
      return z.NEVER;
    })
    .optional()
    .openapi({ type: "string", description, example });

/** `from` before `to`, both dates or both date-times. */
export function checkWindow(query: { from?: TimeBound; to?: TimeBound }, ctx: z.RefinementCtx): void {
  const { from, to } = query;
  if (!from || !to) return;
  if (from.kind !== to.kind) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: "from and to must both be dates or both be date-times",
    });
  } else if (from.kind === "date" && to.kind === "date" && to.date < from.date) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
  } else if (from.kind === "instant" && to.kind === "instant" && to.at.getTime() <= from.at.getTime()) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "from must be before to" });
  }
}

/** A comma-separated list of codes ("imax,ov"), at most `max` of them. */
export const codeListParam = (name: string, max: number) =>
  z
    .string()
    .regex(new RegExp(`^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,${max - 1}}$`), {
      message: `${name} must be up to ${max} comma-separated codes (lower-case letters, digits and -)`,
    })
    .transform((value) => [...new Set(value.split(","))]);

export const languageParam = (name: string) =>
  z.string().regex(/^[a-z]{2,3}$/, { message: `${name} must be an ISO 639-1 language code such as en` });

// ---- responses -----------------------------------------------------------------------------------

export const PaginationSchema = z
  .object({
    next_cursor: z.string().nullable().openapi({
      description: "Pass as `cursor` to get the next page; null on the last page.",
      example: EXAMPLE_CURSOR,
    }),
  })
  .openapi("Pagination", { description: "Where the next page starts." });

export const listOf = <Item extends z.ZodType>(item: Item, name: string, description: string) =>
  z
    .object({
      data: z.array(item).openapi({ description: "The items of this page, in the documented order." }),
      pagination: PaginationSchema,
    })
    .openapi(name, { description });

export const oneOf = <Item extends z.ZodType>(item: Item, name: string, description: string) =>
  z.object({ data: item }).openapi(name, { description });

/** Times: ISO 8601 with the cinema's UTC offset. */
export const zonedTime = (description: string, example: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
    .openapi({
      description: `${description} ISO 8601 in the cinema's local time with its UTC offset.`,
      example,
    });

export const InvalidParamSchema = z
  .object({
    name: z.string().openapi({ description: "The parameter's name.", example: "radius" }),
    reason: z.string().openapi({
      description: "What is wrong with it.",
      example: "radius must be a number of kilometres, more than 0 and at most 100",
    }),
  })
  .openapi("InvalidParam", { description: "One parameter that was refused." });

export const ProblemSchema = z
  .object({
    type: z.string().url().openapi({
      description: "Identifies the kind of problem; stable. Open it for a description.",
      example: "http://localhost:3000/api/problems/invalid-parameter",
    }),
    title: z.string().openapi({
      description: "Short summary of the kind of problem; stable.",
      example: "Invalid parameter",
    }),
    status: z.number().int().openapi({ description: "The HTTP status code.", example: 400 }),
    detail: z.string().openapi({
      description: "What went wrong with this request, in English.",
      example: "radius must be a number of kilometres, more than 0 and at most 100",
    }),
    instance: z.string().openapi({
      description:
        "This occurrence: the request id as a URN (also in the X-Request-Id header). Quote it to support.",
      example: "urn:reeltime:request:0b9e6c1c-2f1e-4a9e-9d0e-5f3a2b1c4d5e",
    }),
    invalid_params: z
      .array(InvalidParamSchema)
      .optional()
      .openapi({ description: "400 only: each refused parameter." }),
    country: z.string().optional().openapi({
      description: "403 country-not-granted only: the country your key does not grant.",
      example: "DK",
    }),
    retry_after: z
      .number()
      .int()
      .optional()
      .openapi({ description: "429 and 503 only: seconds to wait before trying again.", example: 12 }),
  })
  .openapi("Problem", {
    description:
      "An error, as RFC 9457 problem details (`application/problem+json`). Compare `type` or `status`, not the text.",
  });
