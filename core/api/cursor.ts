// Opaque keyset cursors: base64url of JSON { o: operation, f: filter fingerprint, k: the last row's sort
// key } plus a checksum. A cursor is only valid for the operation and filters that produced it; one that
// was edited, truncated or comes from another query is refused (400 naming `cursor`). The checksum makes
// cursors tamper-evident, not secret: they hold nothing but the position of a row the caller has seen.
import { createHash } from "node:crypto";
import type { ApiOperationId } from "./operations.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { isUuid } from "./ids.ts";

export type CursorKey = readonly (string | number)[];

/** What each position of a sort key must be: a crafted cursor never reaches SQL with a wrong type. */
export type CursorKind = "string" | "uuid" | "integer";

function matches(kind: CursorKind, value: unknown): value is string | number {
  switch (kind) {
    case "string":
      return typeof value === "string" && value.length <= 300 && !value.includes("\u0000");
    case "uuid":
      return typeof value === "string" && isUuid(value);
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value);
  }
}

/** Cursors longer than this are refused before decoding. */
export const MAX_CURSOR_LENGTH = 512;

const CHECKSUM_LENGTH = 16;

function digest(text: string, length: number) {
  return createHash("sha256").update(text).digest("base64url").slice(0, length);
}

/** A short, stable fingerprint of the filters of a query (anything but the cursor and the page size). */
export function filterFingerprint(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .filter((name) => filters[name] !== undefined)
      .map((name) => [name, filters[name]]),
  );
  return digest(canonical, 12);
}

export function encodeCursor(operation: ApiOperationId, fingerprint: string, key: CursorKey): string {
  const payload = JSON.stringify({ o: operation, f: fingerprint, k: key });
  const body = Buffer.from(payload).toString("base64url");
  return `${body}.${digest(`reeltime-cursor:${payload}`, CHECKSUM_LENGTH)}`;
}

function invalidCursor(field: string): AppError {
  return new AppError("invalid_input", "api.invalidCursor", {
    fieldErrors: { [field]: messageRef("error.api.invalidCursor") },
  });
}

/**
 * The sort key a cursor carries, checked against the operation and the filters it must belong to and
 * against the expected shape (`kinds`, one per position). Anything else: AppError
 * invalid_input (api.invalidCursor) with a field error on `field`.
 */
export function decodeCursor(
  cursor: string,
  operation: ApiOperationId,
  fingerprint: string,
  kinds: readonly CursorKind[],
  /** the parameter that carried it, named in the refusal */
  field = "cursor",
): (string | number)[] {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor(field);
  const dot = cursor.lastIndexOf(".");
  if (dot <= 0) throw invalidCursor(field);
  const body = cursor.slice(0, dot);
  if (!/^[A-Za-z0-9_-]+$/.test(body)) throw invalidCursor(field);
  const payload = Buffer.from(body, "base64url").toString("utf8");
  if (cursor.slice(dot + 1) !== digest(`reeltime-cursor:${payload}`, CHECKSUM_LENGTH))
    throw invalidCursor(field);
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw invalidCursor(field);
  }
  if (typeof parsed !== "object" || parsed === null) throw invalidCursor(field);
  const { o, f, k } = parsed as { o?: unknown; f?: unknown; k?: unknown };
  if (o !== operation || f !== fingerprint || !Array.isArray(k) || k.length !== kinds.length) {
    throw invalidCursor(field);
  }
  const key: (string | number)[] = [];
  for (const [index, kind] of kinds.entries()) {
    const value: unknown = k[index];
    if (!matches(kind, value)) throw invalidCursor(field);
    key.push(value);
  }
  return key;
}
