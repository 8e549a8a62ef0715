// Server helpers shared by the /studio/config pages: the signed-in session, CSV downloads and
// "all pages" reads for exports.
import type { RouterContextProvider } from "react-router";
import { type CsvValue, toCsv } from "../../../../core/csv.ts";
import { toLanguageTag } from "../../../../core/i18n/locales.ts";
import { formatMessageRef, type MessageKey } from "../../../../core/i18n/message-ref.ts";
import type { AppServices } from "../../../../core/services.ts";
import type { Page } from "../../../../core/tenancy/types.ts";
import { servicesContext } from "../../../lib/context.ts";
import { requestLocale } from "../../../lib/request-locale.server.ts";
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

/** A message of the request's interface language (the one the studio's pages render in), by key. */
export type MessageText = (key: MessageKey) => string;

export function interfaceText(request: Request, services: AppServices): MessageText {
  const locale = requestLocale(request, services.i18n.offered);
  const messages = services.i18n.messagesFor(locale);
  return (key) => formatMessageRef(messages, key, toLanguageTag(locale));
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
