// The studio showtime forms' schemas (add, cancel, re-attribute) and the list's filter values: checked in
// the browser (Conform) and again by the action and the operation. Messages are message references.
// Browser-safe: zod and plain values.
import { z } from "zod";
import { idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";

export const SHOWTIME_STATUSES = ["scheduled", "cancelled"] as const;
export type ShowtimeStatus = (typeof SHOWTIME_STATUSES)[number];
export const AVAILABILITIES = ["available", "few-left", "sold-out", "unknown"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The most showtimes one bulk action changes: the largest page the table shows, and then some. */
export const BULK_MAX = 200;
export const AUDITORIUM_MAX = 100;
export const BOOKING_URL_MAX = 500;
/** Minor units: 100 000.00 is no cinema ticket. */
export const PRICE_MAX_MINOR = 10_000_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` posts). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageRef("validation.tooLong", { max }) })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Codes from a multiple select or typed separated by commas or spaces; lower-cased, repeats dropped. */
export function splitCodes(input: string | readonly string[] | undefined, lower: boolean): string[] {
  const parts =
    typeof input === "string" ? input.split(/[\s,]+/) : (input ?? []).flatMap((p) => p.split(","));
  const codes = parts.map((part) => part.trim()).filter(Boolean);
  return [...new Set(lower ? codes.map((c) => c.toLowerCase()) : codes)];
}

/** ISO 639-1 language codes ("en", "nl"), the form the API and the feeds use. */
const LANGUAGE = /^[a-z]{2}$/;

const languageListSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => splitCodes(value, true))
  .refine((list) => list.length <= 10 && list.every((code) => LANGUAGE.test(code)), {
    error: "studio.dataShowtimes.validation.language",
  });

/** A price typed in major units ("9.50" or "9,50") → minor units (950); empty is none. */
const priceSchema = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    // A number is minor units already parsed (the action hands the operation the parsed form).
    if (typeof value === "number") return value;
    const text = (value ?? "").trim().replace(",", ".");
    if (text === "") return undefined;
    if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "studio.dataShowtimes.validation.price" });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  });

export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const addShowtimeObject = z.object({
  cinemaId: z.uuid({ error: "studio.dataShowtimes.validation.cinemaRequired" }),
  movieId: z.uuid({ error: "studio.dataShowtimes.validation.movieRequired" }),
  date: z
    .string({ error: "studio.dataShowtimes.validation.date" })
    .trim()
    .refine(isIsoDay, { error: "studio.dataShowtimes.validation.date" }),
  time: z
    .string({ error: "studio.dataShowtimes.validation.time" })
    .trim()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: "studio.dataShowtimes.validation.time" }),
  auditorium: optionalText(AUDITORIUM_MAX),
  attributes: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => splitCodes(value, true)),
  audioLanguage: optionalText(2)
    .transform((value) => value?.toLowerCase())
    .refine((value) => value === undefined || LANGUAGE.test(value), {
      error: "studio.dataShowtimes.validation.language",
    }),
  subtitleLanguages: languageListSchema,
  bookingUrl: optionalText(BOOKING_URL_MAX).refine((value) => value === undefined || isHttpsUrl(value), {
    error: "studio.dataShowtimes.validation.bookingUrl",
  }),
  priceMin: priceSchema,
  priceMax: priceSchema,
  currency: optionalText(3)
    .transform((value) => value?.toUpperCase())
    .refine((value) => value === undefined || /^[A-Z]{3}$/.test(value), {
      error: "studio.dataShowtimes.validation.currency",
    }),
  availability: z
    .enum(AVAILABILITIES, { error: "validation.choiceInvalid" })
    .optional()
    .transform((value) => value ?? "unknown"),
});

export const addShowtimeSchema = addShowtimeObject.superRefine((value, ctx) => {
  if (value.priceMin !== undefined && value.priceMax !== undefined && value.priceMax < value.priceMin)
    ctx.addIssue({
      code: "custom",
      path: ["priceMax"],
      message: "studio.dataShowtimes.validation.priceOrder",
    });
  const priced = value.priceMin !== undefined || value.priceMax !== undefined;
  if (priced && value.currency === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["currency"],
      message: "studio.dataShowtimes.validation.currencyRequired",
    });
});

/** Selected ids as the table posts them ("id1,id2") or as a list. */
export const showtimeIdsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => splitCodes(value, false))
  .pipe(
    z
      .array(idSchema)
      .min(1, { error: "studio.dataShowtimes.validation.noneSelected" })
      .max(BULK_MAX, { error: messageRef("studio.dataShowtimes.validation.tooMany", { max: BULK_MAX }) }),
  );

export const cancelShowtimesSchema = z.object({ ids: showtimeIdsSchema });

export const reattributeShowtimesSchema = z.object({
  ids: showtimeIdsSchema,
  movieId: z.uuid({ error: "studio.dataShowtimes.validation.movieRequired" }),
});
