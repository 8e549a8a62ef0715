// The schemas of the countries page's forms (a country, a bundle, a bundle's deletion): checked in the
// browser (Conform) and again by the action and the operation. Browser-safe: zod, Intl and plain values.
import { z } from "zod";
import { PRICE_MAX_MINOR, priceInMinorUnits } from "../../credits/credit-schemas.ts";
import { idSchema } from "../../forms/fields.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { LOCALES, type Locale } from "../../i18n/locales.ts";

export const COUNTRY_NAME_MAX = 100;
export const BUNDLE_NAME_MAX = 100;
export const BUNDLE_DESCRIPTION_MAX = 1000;
export { PRICE_MAX_MINOR };

/** Region codes Intl names that are not countries (EU, UN, "Unknown Region", Outlying Oceania). */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO"]);

/** An ISO 3166-1 alpha-2 code Intl knows as a region ("NL"); "XX" and "EU" are not. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The IANA name Intl resolves a time zone to ("europe/amsterdam" → "Europe/Amsterdam"); null if none. */
export function resolveTimeZone(name: string): string | null {
  // Zone names only: Intl also takes offsets ("+01:00"), which follow no daylight saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let currencies: Set<string> | undefined;

/** An ISO 4217 code Intl knows ("EUR"); "EUX" is well-formed but no currency. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}

export const currencySchema = z
  .string({ error: "studio.countries.validation.currency" })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: "studio.countries.validation.currency" });

export const isSupportedLocale = (value: string): value is Locale =>
  (LOCALES as readonly string[]).includes(value);

export const countryCodeSchema = z
  .string({ error: "studio.countries.validation.code" })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: "studio.countries.validation.code" });

const timeZoneSchema = z
  .string({ error: "studio.countries.validation.timeZone" })
  .trim()
  .min(1, { error: "studio.countries.validation.timeZone" })
  .refine((value) => resolveTimeZone(value) !== null, { error: "studio.countries.validation.timeZone" })
  .transform((value) => resolveTimeZone(value)!);

const localeSchema = z
  .string({ error: "studio.countries.validation.locale" })
  .trim()
  .refine(isSupportedLocale, { error: "studio.countries.validation.locale" });

/** A checkbox ("on", or nothing) or a select ("true" / "false"); a boolean passes as it is. */
const flagSchema = z
  .union([z.boolean(), z.enum(["true", "false", "on"], { error: "validation.choiceInvalid" })])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const countryFields = {
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(COUNTRY_NAME_MAX, { error: messageRef("validation.tooLong", { max: COUNTRY_NAME_MAX }) }),
  enabled: flagSchema,
  defaultLocale: localeSchema,
  timeZone: timeZoneSchema,
  currency: currencySchema,
};

export const createCountrySchema = z.object({ code: countryCodeSchema, ...countryFields });

/** The code is the country's identity (grants, cinemas and bundles refer to it): it is never edited. */
export const updateCountrySchema = z.object({
  code: countryCodeSchema,
  ...countryFields,
  /** the admin has seen how many clients lose the country and disables it anyway */
  confirmDisable: flagSchema,
});

const bundleObject = z.object({
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(BUNDLE_NAME_MAX, { error: messageRef("validation.tooLong", { max: BUNDLE_NAME_MAX }) }),
  description: z
    .string()
    .trim()
    .max(BUNDLE_DESCRIPTION_MAX, { error: messageRef("validation.tooLong", { max: BUNDLE_DESCRIPTION_MAX }) })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  // The amount as typed ("49.00"), always text: with a number accepted too, Conform would coerce a
  // typed "59" to 59 and it would be read as minor units (0.59).
  price: z
    .string({ error: "studio.countries.validation.price" })
    .trim()
    .min(1, { error: "studio.countries.validation.price" }),
  currency: currencySchema.default("EUR"),
  countries: z
    .array(countryCodeSchema, { error: "studio.countries.validation.countriesRequired" })
    .min(1, { error: "studio.countries.validation.countriesRequired" }),
});

function checkPrice(value: { price: string; currency: string }, ctx: z.RefinementCtx) {
  if (priceInMinorUnits(value.price, value.currency) === null)
    ctx.addIssue({ code: "custom", path: ["price"], message: "studio.countries.validation.price" });
}

export const createBundleSchema = bundleObject.superRefine(checkPrice);
export const updateBundleSchema = bundleObject.extend({ bundleId: idSchema }).superRefine(checkPrice);
export const deleteBundleSchema = z.object({ bundleId: idSchema });
