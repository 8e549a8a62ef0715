// The "follow a film" form's input, checked in the browser and again by the operation. Error texts say
// what to enter (follow.error.*).
import { z } from "zod";
import { EMAIL_MAX } from "../forms/fields.ts";

/** The formats a follower may ask for, as attribute codes ("" = any). */
export const ALERT_FORMATS = ["", "imax", "3d", "ov"] as const;
export type AlertFormat = (typeof ALERT_FORMATS)[number];

export const subscribeAlertSchema = z.object({
  email: z
    .string({ error: "follow.error.email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "follow.error.email" }).max(EMAIL_MAX, { error: "follow.error.email" })),
  city: z
    .string({ error: "follow.error.city" })
    .trim()
    .min(1, { error: "follow.error.city" })
    .max(100, { error: "follow.error.city" }),
  format: z.enum(ALERT_FORMATS, { error: "follow.error.format" }).default(""),
  movieSlug: z.string({ error: "follow.error.film" }).trim().min(1, { error: "follow.error.film" }).max(200),
});

export type SubscribeAlertInput = z.input<typeof subscribeAlertSchema>;

/** A token from a link: 43 base64url characters (32 random bytes), nothing else. */
export const alertTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
