// The API key forms' schemas: one zod schema per studio form, checked in the browser (Conform) and
// again by the operations. Messages are message references. Browser-safe: zod only.
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";

export const API_KEY_KINDS = ["secret", "publishable"] as const;
export const API_KEY_NAME_MAX = 80;
export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 10_000;
export const RATE_LIMIT_DEFAULT = 60;
/** The longest a key may live from its creation. */
export const API_KEY_MAX_LIFETIME_DAYS = 730;
/** Keys a client may hold that are not revoked. */
export const API_KEYS_PER_CLIENT_MAX = 100;

/** The expiry choices of the create form, in days (none = never). */
export const API_KEY_EXPIRY_CHOICES = ["never", "30", "90", "180", "365", "730"] as const;
export type ApiKeyExpiryChoice = (typeof API_KEY_EXPIRY_CHOICES)[number];

/** How long a rotated key keeps working. */
export const ROTATION_GRACE = { now: 0, "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 } as const;
export type RotationGrace = keyof typeof ROTATION_GRACE;
export const ROTATION_GRACE_CHOICES = Object.keys(ROTATION_GRACE) as RotationGrace[];
export const ROTATION_GRACE_DEFAULT: RotationGrace = "24h";

export const COUNTRY_CODE = /^[A-Z]{2}$/;

export const apiKeyKindSchema = z.enum(API_KEY_KINDS, { error: "validation.choiceInvalid" });

export const apiKeyNameSchema = z
  .string({ error: "validation.nameRequired" })
  .trim()
  .min(1, { error: "validation.nameRequired" })
  .max(API_KEY_NAME_MAX, { error: messageRef("validation.tooLong", { max: API_KEY_NAME_MAX }) });

export const rateLimitSchema = integerFromText(
  z
    .number({ error: "validation.numberInvalid" })
    .int({ error: "validation.numberInvalid" })
    .min(RATE_LIMIT_MIN, { error: messageRef("validation.tooSmall", { min: RATE_LIMIT_MIN }) })
    .max(RATE_LIMIT_MAX, { error: messageRef("validation.tooLarge", { max: RATE_LIMIT_MAX }) }),
);

/** Country codes, upper-cased, without duplicates. */
export const countrySubsetSchema = z
  .array(z.string().trim().toUpperCase().regex(COUNTRY_CODE, { error: "validation.choiceInvalid" }))
  .max(300)
  .transform((codes) => [...new Set(codes)].sort());

export const createApiKeySchema = z.object({
  kind: apiKeyKindSchema,
  name: apiKeyNameSchema,
  expiry: z.enum(API_KEY_EXPIRY_CHOICES, { error: "validation.choiceInvalid" }).default("never"),
  rateLimitPerMinute: rateLimitSchema.default(RATE_LIMIT_DEFAULT),
  countries: countrySubsetSchema.default([]),
});

export const revokeApiKeySchema = z.object({
  keyId: idSchema,
  name: z.string().trim().max(API_KEY_NAME_MAX).optional(),
});

export const rotateApiKeySchema = z.object({
  keyId: idSchema,
  grace: z
    .enum(ROTATION_GRACE_CHOICES as [RotationGrace, ...RotationGrace[]], {
      error: "validation.choiceInvalid",
    })
    .default(ROTATION_GRACE_DEFAULT),
});

/** When a key made at `now` with this expiry choice expires (null: never). */
export function expiryFromChoice(choice: ApiKeyExpiryChoice, now: Date): Date | null {
  return choice === "never" ? null : new Date(now.getTime() + Number(choice) * 86_400_000);
}
