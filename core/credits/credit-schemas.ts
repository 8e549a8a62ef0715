// The credits forms' schemas: one zod schema per studio form, checked in the browser (Conform) and again
// by the action and the operation. Messages are message references. Browser-safe: zod and plain values.
import { z } from "zod";
import { API_OPERATION_IDS } from "../api/operations.ts";
import { chosenIdSchema, idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";

/** The values of the database enum purchase_status (checked against it in a test). */
export const PURCHASE_STATUSES = ["requested", "paid", "cancelled", "refunded"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** The values of the database enum credit_transaction_kind (checked against it in a test). */
export const LEDGER_KIND_VALUES = ["purchase", "usage", "adjustment", "refund"] as const;

export const CREDITS_MAX = 1_000_000_000_000;
export const ADJUSTMENT_MAX = 1_000_000_000;
/** minor units (cents): 10 million in a two-decimal currency */
export const PRICE_MAX_MINOR = 1_000_000_000;
export const COST_MAX = 1000;
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const INVOICE_REF_MAX = 100;
export const OFFER_NAME_MAX = 100;

/** Digits in groups of three ("100,000", "100.000", "100 000"): the separators are for reading only. */
const GROUPED_DIGITS = /^[-+]?\d{1,3}(?:([,.\s\u202f'])\d{3})(?:\1\d{3})*$/;

/** A whole number as people type it: plain digits, or digits grouped by thousands. "1.5" is not one. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  if (/^[-+]?\d+$/.test(trimmed)) return Number(trimmed);
  if (GROUPED_DIGITS.test(trimmed)) return Number(trimmed.replace(/[,.\s\u202f']/g, ""));
  return Number.NaN;
}

const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string()], { error: "validation.numberInvalid" })
    .transform((value) => (typeof value === "number" ? value : parseWholeNumber(value)))
    .pipe(
      z
        .number({ error: "validation.numberInvalid" })
        .int({ error: "validation.numberInvalid" })
        .min(min, { error: messageRef("validation.tooSmall", { min }) })
        .max(max, { error: messageRef("validation.tooLarge", { max }) }),
    );

export const creditsSchema = wholeNumber(1, CREDITS_MAX);
export const thresholdSchema = wholeNumber(0, CREDITS_MAX);
export const costSchema = wholeNumber(0, COST_MAX);

/** An adjustment: a whole number, positive or negative, never zero. */
export const deltaSchema = wholeNumber(-ADJUSTMENT_MAX, ADJUSTMENT_MAX).refine((v) => v !== 0, {
  error: "studio.credits.validation.deltaZero",
});

export const reasonSchema = z
  .string({ error: "studio.credits.validation.reasonRequired" })
  .trim()
  .min(REASON_MIN, { error: "studio.credits.validation.reasonRequired" })
  .max(REASON_MAX, { error: messageRef("validation.tooLong", { max: REASON_MAX }) });

export const invoiceRefSchema = z
  .string()
  .trim()
  .max(INVOICE_REF_MAX, { error: messageRef("validation.tooLong", { max: INVOICE_REF_MAX }) });

export const currencySchema = z
  .string({ error: "studio.credits.validation.currency" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: "studio.credits.validation.currency" })
  .refine(isKnownCurrency, { error: "studio.credits.validation.currency" });

export const operationSchema = z.enum(API_OPERATION_IDS, { error: "validation.choiceInvalid" });
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES, { error: "validation.choiceInvalid" });

function isKnownCurrency(code: string): boolean {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().currency === code
    );
  } catch {
    return false;
  }
}

/** Digits after the decimal point of a currency (EUR 2, JPY 0). */
export function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** "49", "49.5", "2,490.00", "49,95" → minor units; null when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  let cleaned = text.trim().replace(/[\s\u202f']/g, "");
  // One separator followed by 1–2 digits at the end is the decimal point; any other is for thousands.
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  let fraction = "";
  if (decimal && decimals > 0) {
    fraction = decimal[1]!;
    cleaned = cleaned.slice(0, decimal.index);
  }
  cleaned = cleaned.replace(/[.,]/g, "");
  if (!/^\d{1,12}$/.test(cleaned)) return null;
  const minor = Number(cleaned) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the amount people type ("49.00"). */
export function formatAmountInput(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? String(minor) : (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * A price: the amount as typed ("49.00" or "49", in the currency's units). Text only: given a number
 * branch, Conform's parsing turns a typed "59" into the number 59, which would read as minor units.
 */
const priceFields = {
  price: z
    .string({ error: "studio.credits.validation.price" })
    .trim()
    .min(1, { error: "studio.credits.validation.price" }),
  currency: currencySchema.default("EUR"),
};

/** The price in minor units, or null when it is not an amount (or out of range). */
export function priceInMinorUnits(price: string, currency: string): number | null {
  const minor = parseAmount(price, currency);
  return minor === null || minor < 0 || minor > PRICE_MAX_MINOR ? null : minor;
}

function checkPrice(value: { price: string; currency: string }, ctx: z.RefinementCtx) {
  if (priceInMinorUnits(value.price, value.currency) === null)
    ctx.addIssue({ code: "custom", path: ["price"], message: "studio.credits.validation.price" });
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (yyyy-mm-dd) or nothing. */
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || (DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
    error: "studio.credits.validation.date",
  });

/** A checkbox ("on", or nothing) or a select ("true" / "false"); a boolean passes as it is. */
const flagSchema = z
  .union([z.boolean(), z.enum(["true", "false", "on"], { error: "validation.choiceInvalid" })])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const labelSchema = z.string().trim().max(200).optional();

// ---- offers ------------------------------------------------------------------------------------

const offerObject = z.object({
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(OFFER_NAME_MAX, { error: messageRef("validation.tooLong", { max: OFFER_NAME_MAX }) }),
  credits: creditsSchema,
  ...priceFields,
  activeFrom: optionalDate,
  activeUntil: optionalDate,
  visibleToClients: flagSchema,
});

const offerDates = <T extends { activeFrom?: string; activeUntil?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.activeFrom && value.activeUntil && value.activeUntil < value.activeFrom)
    ctx.addIssue({ code: "custom", path: ["activeUntil"], message: "studio.credits.validation.dateOrder" });
};

// No transform on the whole form (Conform reads its constraints from the fields): the operation turns
// the checked price into minor units with priceInMinorUnits().
const checkOffer = (value: z.output<typeof offerObject>, ctx: z.RefinementCtx) => {
  offerDates(value, ctx);
  checkPrice(value, ctx);
};
export const createOfferSchema = offerObject.superRefine(checkOffer);
export const updateOfferSchema = offerObject.extend({ offerId: idSchema }).superRefine(checkOffer);
export const deleteOfferSchema = z.object({ offerId: idSchema, name: labelSchema });

// ---- purchases ---------------------------------------------------------------------------------

/** A paid purchase recorded by staff: an offer, or credits and an amount of their own. */
export const recordPurchaseSchema = z
  .object({
    clientId: chosenIdSchema("validation.choose.client"),
    offerId: z.union([z.literal("").transform(() => undefined), idSchema]).optional(),
    credits: z.union([z.literal("").transform(() => undefined), creditsSchema]).optional(),
    price: z.string().trim().optional(),
    currency: currencySchema.default("EUR"),
    invoiceRef: invoiceRefSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.offerId) return;
    if (value.credits === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["credits"],
        message: "studio.credits.validation.offerOrCredits",
      });
    if (priceInMinorUnits(value.price ?? "", value.currency) === null)
      ctx.addIssue({ code: "custom", path: ["price"], message: "studio.credits.validation.price" });
  });

export const confirmPurchaseSchema = z.object({
  purchaseId: idSchema,
  invoiceRef: invoiceRefSchema.optional(),
});
export const cancelPurchaseSchema = z.object({ purchaseId: idSchema });
export const refundPurchaseSchema = z.object({
  purchaseId: idSchema,
  reason: z.string().trim().max(REASON_MAX).optional(),
});

/** A client admin asks for an offer. */
export const requestCreditsSchema = z.object({ offerId: idSchema });

// ---- balances and costs ------------------------------------------------------------------------

export const adjustBalanceSchema = z.object({
  clientId: idSchema,
  delta: deltaSchema,
  reason: reasonSchema,
  name: labelSchema,
});
export const setThresholdSchema = z.object({
  clientId: idSchema,
  threshold: thresholdSchema,
  name: labelSchema,
});
export const setCreditCostSchema = z.object({ operation: operationSchema, credits: costSchema });
