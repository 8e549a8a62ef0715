// The cached-data page's forms and list parameters: checked in the browser (Conform) and again by the
// action and the operation. Browser-safe: zod and plain values.
import { z } from "zod";
import { messageRef } from "../i18n/message-ref.ts";

/** The kinds of cached data (decision 012: in code, not a database enum). */
export const CACHE_NAMESPACES = ["api-response", "external-metadata", "computed"] as const;
export type CacheNamespace = (typeof CACHE_NAMESPACES)[number];

/** The word typed to purge everything. */
export const PURGE_ALL_WORD = "purge";
export const CACHE_KEY_MAX = 4000;
export const CACHE_SORTS = [
  "key",
  "-key",
  "size",
  "-size",
  "age",
  "-age",
  "hits",
  "-hits",
  "ttl",
  "-ttl",
] as const;
export type CacheSort = (typeof CACHE_SORTS)[number];

const namespaceSchema = z.enum(CACHE_NAMESPACES, { error: messageRef("validation.choiceInvalid") });
/** An empty choice is every namespace. */
const anyNamespaceSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  namespaceSchema.optional(),
);
const tooLong = { error: messageRef("validation.tooLong", { max: CACHE_KEY_MAX }) };

export const purgeCacheKeySchema = z.object({
  namespace: namespaceSchema,
  key: z
    .string({ error: messageRef("validation.cacheKeyRequired") })
    .min(1)
    .max(CACHE_KEY_MAX, tooLong),
});

/** Keys start with what is typed, spaces included (keys hold them), so it is not trimmed. */
export const purgeCachePrefixSchema = z.object({
  namespace: anyNamespaceSchema,
  prefix: z
    .string({ error: messageRef("validation.cachePrefixRequired") })
    .min(1, { error: messageRef("validation.cachePrefixRequired") })
    .max(CACHE_KEY_MAX, tooLong),
});

export const purgeAllCachesSchema = z.object({
  namespace: anyNamespaceSchema,
  confirmation: z
    .string({ error: messageRef("validation.purgeWord", { word: PURGE_ALL_WORD }) })
    .trim()
    .refine((value) => value.toLowerCase() === PURGE_ALL_WORD, {
      error: messageRef("validation.purgeWord", { word: PURGE_ALL_WORD }),
    }),
});

export const listCacheEntriesSchema = z.object({
  search: z.string().max(200).optional(),
  namespace: namespaceSchema.optional(),
  sort: z.enum(CACHE_SORTS).default("-size"),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
});
