// `attributes=` must name known attribute codes: an unknown one is a 400 naming it, not an empty result
// the caller would take for "nothing on". The codes are read at most once a minute per database (a miss
// reads again, so a code added a moment ago is known at once).
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";

const TTL_MS = 60_000;
const cache = new WeakMap<Database, { at: number; codes: Promise<Set<string>> }>();

async function readCodes(db: Database): Promise<Set<string>> {
  const rows = await queryRows<{ code: string }>(db, sql`select code from attributes`);
  return new Set(rows.map((row) => row.code));
}

async function knownCodes(db: Database, fresh: boolean): Promise<Set<string>> {
  const cached = cache.get(db);
  if (!fresh && cached && Date.now() - cached.at < TTL_MS) return cached.codes;
  const codes = readCodes(db);
  cache.set(db, { at: Date.now(), codes });
  codes.catch(() => cache.delete(db));
  return codes;
}

/** Throws AppError invalid_input (api.unknownAttribute, field `attributes`) for the first unknown code. */
export async function requireKnownAttributes(db: Database, codes: readonly string[]): Promise<void> {
  let known = await knownCodes(db, false);
  if (codes.every((code) => known.has(code))) return;
  known = await knownCodes(db, true);
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) {
    throw new AppError("invalid_input", "api.unknownAttribute", {
      values: { code: unknown },
      fieldErrors: { attributes: messageRef("error.api.unknownAttribute", { code: unknown }) },
    });
  }
}
