// GET /api/v1/attributes: what showtimes can be tagged with (format, audio, language, subtitles,
// accessibility, event), by category then code. The codes are what `attributes=` takes.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";

export const ATTRIBUTE_CATEGORIES = [
  "format",
  "audio",
  "language",
  "subtitles",
  "accessibility",
  "event",
] as const;
export type AttributeCategory = (typeof ATTRIBUTE_CATEGORIES)[number];

export type ApiAttribute = {
  code: string;
  category: AttributeCategory;
  /** locale → name */
  names: Record<string, string>;
};

export type ListAttributesInput = { category?: AttributeCategory; limit?: number; cursor?: string };

export async function listAttributes(
  services: { db: Database },
  input: ListAttributesInput,
): Promise<Page<ApiAttribute>> {
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({ category: input.category });
  const after = input.cursor
    ? decodeCursor(input.cursor, "listAttributes", fingerprint, ["string", "string"])
    : undefined;
  const rows = await queryRows<ApiAttribute>(
    services.db,
    sql`
      select a.code, a.category::text as category, a.names
      from attributes a
      where true
        ${input.category ? sql`and a.category::text = ${input.category}` : sql``}
        ${after ? sql`and (a.category::text, a.code) > (${after[0]}, ${after[1]})` : sql``}
      order by a.category::text, a.code
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listAttributes",
    fingerprint,
    keyOf: (row) => [row.category, row.code],
    toItem: (row) => ({ code: row.code, category: row.category, names: row.names ?? {} }),
  });
}
