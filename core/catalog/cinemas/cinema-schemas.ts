// The cinema form's schemas: checked in the browser (Conform) and again by the action and the operation.
// Messages are message references. Browser-safe: zod and plain values.
import { z } from "zod";
import { idSchema } from "../../forms/fields.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { slugSchema } from "../../forms/fields.ts";
import { BOOKING_PLACEHOLDERS, bookingTemplateProblem } from "./booking-template.ts";
import { CHAIN_NAME_MAX, WEBSITE_MAX } from "../catalog-schemas.ts";

export const CINEMA_NAME_MAX = 200;
export const CINEMA_TEXT_MAX = 200;
export const CINEMA_STATUSES = ["open", "closed"] as const;
export type CinemaStatus = (typeof CINEMA_STATUSES)[number];

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A zone the runtime's time-zone database knows ("Europe/Amsterdam", "UTC"); not an offset. */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
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

/** A coordinate typed as text (or given as a number); empty is none. */
const coordinate = (
  limit: number,
  key: "studio.cinemas.validation.latitude" | "studio.cinemas.validation.longitude",
) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : (value ?? "").trim().replace(",", ".");
      if (text === "") return undefined;
      const number = Number(text);
      if (!/^-?\d+(?:\.\d+)?$/.test(text) || !Number.isFinite(number) || Math.abs(number) > limit) {
        ctx.addIssue({ code: "custom", message: key });
        return z.NEVER;
      }
      return number;
    });

const cinemaObject = z.object({
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(CINEMA_NAME_MAX, { error: messageRef("validation.tooLong", { max: CINEMA_NAME_MAX }) }),
  slug: slugSchema,
  chainId: z
    .union([z.literal(""), idSchema])
    .optional()
    .transform((value) => (value ? value : undefined)),
  address: optionalText(CINEMA_TEXT_MAX),
  postalCode: optionalText(20),
  city: z
    .string({ error: "studio.cinemas.validation.cityRequired" })
    .trim()
    .min(1, { error: "studio.cinemas.validation.cityRequired" })
    .max(CHAIN_NAME_MAX, { error: messageRef("validation.tooLong", { max: CHAIN_NAME_MAX }) }),
  countryCode: z
    .string({ error: "studio.cinemas.validation.countryRequired" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "studio.cinemas.validation.countryRequired" }),
  latitude: coordinate(90, "studio.cinemas.validation.latitude"),
  longitude: coordinate(180, "studio.cinemas.validation.longitude"),
  timeZone: z
    .string({ error: "studio.cinemas.validation.timeZone" })
    .trim()
    .refine(isIanaTimeZone, { error: "studio.cinemas.validation.timeZone" }),
  website: optionalText(WEBSITE_MAX).refine((value) => value === undefined || isHttpUrl(value), {
    error: "studio.cinemas.validation.website",
  }),
  bookingUrlTemplate: optionalText(WEBSITE_MAX).superRefine((value, ctx) => {
    if (value === undefined) return;
    const problem = bookingTemplateProblem(value);
    if (!problem) return;
    const known = BOOKING_PLACEHOLDERS.map((p) => `{${p}}`).join(", ");
    const message =
      problem.reason === "placeholder"
        ? messageRef("studio.cinemas.validation.bookingPlaceholder", {
            placeholder: problem.placeholder,
            known,
          })
        : problem.reason === "brace"
          ? messageRef("studio.cinemas.validation.bookingBrace", { example: "{source_ref}" })
          : problem.reason === "host"
            ? "studio.cinemas.validation.bookingHost"
            : "studio.cinemas.validation.bookingUrl";
    ctx.addIssue({ code: "custom", message });
  }),
});

type CinemaShape = z.output<typeof cinemaObject>;

/** A whole number in [min, max] typed in a text box, or nothing. */
function optionalCount(
  max: number,
  key: "studio.cinemas.validation.screens" | "studio.cinemas.validation.seats",
) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : (value ?? "").trim();
      if (text === "") return undefined;
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < 1 || number > max) {
        ctx.addIssue({ code: "custom", message: messageRef(key, { max }) });
        return z.NEVER;
      }
      return number;
    });
}

/** Digits with spaces, dashes, dots or brackets, an optional leading +: "+31 20 623 4567". */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;
/** OpenStreetMap elements: "node/123", "way/456", "relation/789". */
export const OSM_ID_PATTERN = /^(node|way|relation)\/[1-9]\d*$/;
export const SCREENS_MAX = 100;
export const SEATS_MAX = 50_000;

const detailsObject = z.object({
  phone: optionalText(40).refine((value) => value === undefined || PHONE_PATTERN.test(value), {
    error: "studio.cinemas.validation.phone",
  }),
  screens: optionalCount(SCREENS_MAX, "studio.cinemas.validation.screens"),
  seats: optionalCount(SEATS_MAX, "studio.cinemas.validation.seats"),
  osmId: optionalText(40).refine((value) => value === undefined || OSM_ID_PATTERN.test(value), {
    error: "studio.cinemas.validation.osmId",
  }),
  nationalId: optionalText(60),
  posSiteId: optionalText(60),
});

/** Both coordinates or neither: a cinema half placed on the map is placed nowhere. */
function bothOrNeither(value: CinemaShape, ctx: z.RefinementCtx) {
  if (value.latitude === undefined && value.longitude !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["latitude"],
      message: "studio.cinemas.validation.coordinatesPair",
    });
  if (value.longitude === undefined && value.latitude !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["longitude"],
      message: "studio.cinemas.validation.coordinatesPair",
    });
}

export const createCinemaSchema = cinemaObject.extend(detailsObject.shape).superRefine(bothOrNeither);
export const updateCinemaSchema = cinemaObject
  .extend(detailsObject.shape)
  .extend({ cinemaId: idSchema })
  .superRefine(bothOrNeither);
export const setCinemaStatusSchema = z.object({
  cinemaId: idSchema,
  status: z.enum(CINEMA_STATUSES, { error: "validation.choiceInvalid" }),
  name: z.string().trim().max(CINEMA_NAME_MAX).optional(),
});
