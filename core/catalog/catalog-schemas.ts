// The attribute and cinema-chain forms' schemas: checked in the browser (Conform) and again by the
// action and the operation. Messages are message references. Browser-safe: zod and plain values.
import { z } from "zod";
import { chosenIdSchema, idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { slugSchema } from "../forms/fields.ts";

/** The values of the database enum attribute_category (checked against it in a test). */
export const ATTRIBUTE_CATEGORIES = [
  "format",
  "audio",
  "language",
  "subtitles",
  "accessibility",
  "event",
] as const;
export type AttributeCategory = (typeof ATTRIBUTE_CATEGORIES)[number];

/** The languages an attribute is named in (the studio's languages); English is required. */
export const ATTRIBUTE_NAME_LOCALES = ["en", "nl"] as const;

/** Codes as the seed data writes them: lower-case letters and digits joined by single hyphens ("dolby-atmos"). */
export const ATTRIBUTE_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ATTRIBUTE_CODE_MAX = 40;
export const ATTRIBUTE_NAME_MAX = 100;
export const SYNONYM_MAX = 100;
export const SYNONYMS_MAX = 50;
export const CHAIN_NAME_MAX = 200;
export const WEBSITE_MAX = 500;
/** Wikidata item ids: Q and a number without leading zeros ("Q1052371"). */
export const WIKIDATA_PATTERN = /^Q[1-9]\d*$/;

const labelSchema = z.string().trim().max(200).optional();

/** Synonyms one per line or separated by commas; trimmed, lower-cased, empty and repeated ones dropped. */
export function normalizeSynonyms(input: string | readonly string[] | undefined): string[] {
  const parts = typeof input === "string" ? input.split(/[\n,]/) : (input ?? []);
  const seen = new Set<string>();
  for (const part of parts) {
    const synonym = part.trim().replace(/\s+/g, " ").toLowerCase();
    if (synonym) seen.add(synonym);
  }
  return [...seen];
}

const synonymsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => normalizeSynonyms(value))
  .refine((list) => list.length <= SYNONYMS_MAX, {
    error: messageRef("studio.attributes.validation.tooManySynonyms", { max: SYNONYMS_MAX }),
  })
  .refine((list) => list.every((s) => s.length <= SYNONYM_MAX), {
    error: messageRef("studio.attributes.validation.synonymTooLong", { max: SYNONYM_MAX }),
  });

const optionalName = z
  .string()
  .trim()
  .max(ATTRIBUTE_NAME_MAX, { error: messageRef("validation.tooLong", { max: ATTRIBUTE_NAME_MAX }) })
  .optional()
  .transform((value) => (value ? value : undefined));

const attributeObject = z.object({
  code: z
    .string({ error: "studio.attributes.validation.codeRequired" })
    .trim()
    .min(1, { error: "studio.attributes.validation.codeRequired" })
    .max(ATTRIBUTE_CODE_MAX, { error: messageRef("validation.tooLong", { max: ATTRIBUTE_CODE_MAX }) })
    .regex(ATTRIBUTE_CODE_PATTERN, { error: "studio.attributes.validation.codePattern" }),
  category: z.enum(ATTRIBUTE_CATEGORIES, { error: "validation.choiceInvalid" }),
  nameEn: z
    .string({ error: "studio.attributes.validation.nameEnRequired" })
    .trim()
    .min(1, { error: "studio.attributes.validation.nameEnRequired" })
    .max(ATTRIBUTE_NAME_MAX, { error: messageRef("validation.tooLong", { max: ATTRIBUTE_NAME_MAX }) }),
  nameNl: optionalName,
  synonyms: synonymsSchema,
});

export const createAttributeSchema = attributeObject;
export const updateAttributeSchema = attributeObject.extend({ attributeId: idSchema });
export const deleteAttributeSchema = z.object({ attributeId: idSchema, name: labelSchema });

/** Two different rows: `sourceId` is merged away into `targetId`, which survives. */
const differentRows = (
  key: "studio.attributes.validation.mergeSame" | "studio.chains.validation.mergeSame",
  choose: "validation.choose.attribute" | "validation.choose.chain",
) =>
  z
    .object({ sourceId: idSchema, targetId: chosenIdSchema(choose), name: labelSchema })
    .refine((value) => value.sourceId !== value.targetId, { path: ["targetId"], error: key });
export const mergeAttributesSchema = differentRows(
  "studio.attributes.validation.mergeSame",
  "validation.choose.attribute",
);

/** The names column's value from the form's one field per language. */
export function attributeNames(value: {
  nameEn: string;
  nameNl?: string | undefined;
}): Record<string, string> {
  return value.nameNl ? { en: value.nameEn, nl: value.nameNl } : { en: value.nameEn };
}

// ---- cinema chains -----------------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageRef("validation.tooLong", { max }) })
    .optional()
    .transform((value) => (value ? value : undefined));

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Country codes from a multiple select (one value or several); upper-cased, repeated ones dropped. */
const countryCodesSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const list = typeof value === "string" ? [value] : (value ?? []);
    return [...new Set(list.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  })
  .refine((list) => list.every((code) => /^[A-Z]{2}$/.test(code)), {
    error: "studio.chains.validation.countryUnknown",
  });

const chainObject = z.object({
  name: z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(CHAIN_NAME_MAX, { error: messageRef("validation.tooLong", { max: CHAIN_NAME_MAX }) }),
  slug: slugSchema,
  website: optionalText(WEBSITE_MAX).refine((value) => value === undefined || isHttpUrl(value), {
    error: "studio.chains.validation.website",
  }),
  wikidataId: optionalText(20).refine((value) => value === undefined || WIKIDATA_PATTERN.test(value), {
    error: "studio.chains.validation.wikidata",
  }),
  countries: countryCodesSchema,
  synonyms: synonymsSchema,
});

export const createChainSchema = chainObject;
export const updateChainSchema = chainObject.extend({ chainId: idSchema });
export const deleteChainSchema = z.object({ chainId: idSchema, name: labelSchema });
export const mergeChainsSchema = differentRows(
  "studio.chains.validation.mergeSame",
  "validation.choose.chain",
);
