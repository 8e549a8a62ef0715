// Server helpers shared by the /studio/config pages: the signed-in session, CSV downloads and
// "all pages" reads for exports.
import type { RouterContextProvider } from "react-router";
import type { AppServices } from "../../../../core/services.ts";
import type { Page } from "../../../../core/tenancy/types.ts";
import { servicesContext } from "../../../lib/context.ts";
import { studioSessionContext, type StudioSession } from "../../../lib/studio-session.server.ts";

/** The services and the session (the guard middleware has let a signed-in user through). */
export function studioRequest(context: Readonly<RouterContextProvider>): {
  services: AppServices;
  session: StudioSession;
} {
  const session = context.get(studioSessionContext);
  if (!session) throw new Response(null, { status: 401 });
  return { services: context.get(servicesContext), session };
}

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

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, so an exported name like "=HYPERLINK(…)" stays text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === "boolean"
        ? value
          ? "yes"
          : "no"
        : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document: header row, then the rows; CRLF line ends as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** A CSV download named `{name}-{yyyy-mm-dd}.csv`, with a BOM so spreadsheet programs read UTF-8. */
export function csvResponse(
  name: string,
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  now: Date,
): Response {
  const filename = `${name}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(`\uFEFF${toCsv(header, rows)}`, {
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
