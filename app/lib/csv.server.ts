// CSV downloads of the studio's list pages: every row of a paged listing, the response with its file
// name and headers in the interface language, and whether a request asks for one.
import { type CsvValue, toCsv } from "../../core/shared/csv.ts";
import type { MessageKey } from "../../core/i18n/message-ref.ts";
import type { Page } from "../../core/shared/page.ts";
import type { MessageText } from "./studio-request.server.ts";

/** The most rows an export reads: a safety net, far above what the platform holds. */
export const EXPORT_ROW_LIMIT = 50_000;
const EXPORT_PAGE_SIZE = 200;

/** Every row of a paged listing (page size 200), up to EXPORT_ROW_LIMIT. */
export async function allRows<Row>(
  readPage: (page: number, pageSize: number) => Promise<Page<Row>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < EXPORT_ROW_LIMIT; page++) {
    const result = await readPage(page, EXPORT_PAGE_SIZE);
    rows.push(...result.rows);
    if (result.rows.length < EXPORT_PAGE_SIZE || rows.length >= result.total) break;
  }
  return rows.slice(0, EXPORT_ROW_LIMIT);
}

/**
 * A CSV download named `{name}-{yyyy-mm-dd}.csv`, with a BOM so spreadsheet programs read UTF-8. The
 * header row is `columns`, message keys (a table's column header or `csv.column.*`), in `text`'s language;
 * the data stays as it is. (The data-tools export job writes machine ids instead: core/tools/export-data.ts.)
 */
export function csvResponse(
  name: string,
  columns: readonly MessageKey[],
  rows: readonly (readonly CsvValue[])[],
  now: Date,
  text: MessageText,
): Response {
  const filename = `${name}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(`\uFEFF${toCsv(columns.map(text), rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Whether a request asks for the CSV export of a list page (`?format=csv` on the document URL). */
export function wantsCsv(request: Request): boolean {
  const url = new URL(request.url);
  return (
    request.method === "GET" && url.searchParams.get("format") === "csv" && !url.pathname.endsWith(".data")
  );
}
