// API key strings: `rt_sk_` (secret) / `rt_pk_` (publishable) + 32 base62 characters. Only the SHA-256 of
// the whole key is stored, with its first 12 characters as a visible prefix.
import { createHash, randomBytes } from "node:crypto";
import type { ApiKeyKind } from "./key-directory-types.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_PREFIX_LENGTH = 12;
const KIND_TAGS = { secret: "rt_sk_", publishable: "rt_pk_" } as const satisfies Record<ApiKeyKind, string>;
const KEY_PATTERN = /^rt_(sk|pk)_[0-9A-Za-z]{32}$/;
/** The largest multiple of 62 below 256: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_LIMIT = 62 * 4;

export type GeneratedApiKey = { key: string; hash: string; prefix: string };

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateApiKey(kind: ApiKeyKind): GeneratedApiKey {
  const key = `${KIND_TAGS[kind]}${randomBase62(API_KEY_RANDOM_LENGTH)}`;
  return { key, hash: hashApiKey(key), prefix: apiKeyPrefix(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX_LENGTH);
}

/** A cheap shape check: a malformed key is refused without a lookup. */
export function isWellFormedApiKey(value: string): boolean {
  return value.length === KIND_TAGS.secret.length + API_KEY_RANDOM_LENGTH && KEY_PATTERN.test(value);
}

/** The kind a well-formed key announces by its tag (undefined for anything else). */
export function apiKeyKindOf(value: string): ApiKeyKind | undefined {
  if (!isWellFormedApiKey(value)) return undefined;
  return value.startsWith(KIND_TAGS.secret) ? "secret" : "publishable";
}
