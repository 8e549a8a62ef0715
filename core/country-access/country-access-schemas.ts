// The schemas of /studio/data/country-access (grant, change dates, revoke): checked in the browser
// (Conform) and again by the action and the operation. Browser-safe: zod and plain values only.
import { z } from "zod";
import { idSchema } from "../forms/fields.ts";

/** A grant's target in one form field: "country:NL" or "bundle:<uuid>". */
export const TARGET_PATTERN = /^(country:[A-Z]{2}|bundle:[0-9a-f-]{36})$/i;

export type GrantTarget = { kind: "country"; countryCode: string } | { kind: "bundle"; bundleId: string };

export function parseTarget(value: string): GrantTarget {
  const [kind, rest = ""] = value.split(":", 2);
  return kind === "country"
    ? { kind: "country", countryCode: rest.toUpperCase() }
    : { kind: "bundle", bundleId: rest.toLowerCase() };
}

const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

const daySchema = z
  .string({ error: "studio.countryAccess.validation.date" })
  .trim()
  .refine(isCalendarDay, { error: "studio.countryAccess.validation.date" });

const datesObject = z.object({
  /** left out: today (the operation fills it in) */
  validFrom: daySchema.optional(),
  /** left out: open-ended */
  validUntil: daySchema.optional(),
});

/** "Until" may not lie before "from" (the same day is a one-day grant). */
function checkRange(value: { validFrom?: string; validUntil?: string }, ctx: z.RefinementCtx) {
  if (value.validFrom && value.validUntil && value.validUntil < value.validFrom)
    ctx.addIssue({
      code: "custom",
      path: ["validUntil"],
      message: "studio.countryAccess.validation.untilBeforeFrom",
    });
}

export const grantCountryAccessSchema = datesObject
  .extend({
    clientId: idSchema,
    target: z
      .string({ error: "studio.countryAccess.validation.target" })
      .trim()
      .regex(TARGET_PATTERN, { error: "studio.countryAccess.validation.target" }),
  })
  .superRefine(checkRange);

export const updateCountryAccessSchema = datesObject.extend({ grantId: idSchema }).superRefine(checkRange);

export const revokeCountryAccessSchema = z.object({ grantId: idSchema });

export const GRANT_STATUSES = ["active", "expired", "upcoming"] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** Where a grant stands on `today` (YYYY-MM-DD): dates are inclusive, no end date is open. */
export function grantStatus(validFrom: string, validUntil: string | null, today: string): GrantStatus {
  if (validFrom > today) return "upcoming";
  if (validUntil !== null && validUntil < today) return "expired";
  return "active";
}
