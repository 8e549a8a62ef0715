// The server side of a studio list page: its URL read into a core listing's input, the page of rows the
// table shows, and the CSV download of every row that matches.
import type { CsvValue } from "../../../core/shared/csv.ts";
import type { MessageKey } from "../../../core/i18n/message-ref.ts";
import type { AppServices } from "../../../core/services.ts";
import type { Page } from "../../../core/shared/page.ts";
import { allRows, csvResponse } from "../../lib/csv.server.ts";
import { interfaceText } from "../../lib/studio-request.server.ts";
import { readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams, type TableParams } from "../../lib/table-url.ts";

/** The keys a listing sorts by, from its sorts ("name" and "-name" → "name"). */
export const sortKeysOf = (sorts: readonly string[]) => [...new Set(sorts.map((s) => s.replace(/^-/, "")))];

/**
 * The table's parameters and the core listing's input: the search, the sort (an unknown one falls back to
 * `defaultSort`) and the page's own filters, read from the URL by `filters`.
 */
export function readListQuery<Sort extends string, Filters extends object>(
  url: URL,
  sorts: readonly Sort[],
  defaultSort: NoInfer<Sort>,
  filters: (params: URLSearchParams) => Filters,
) {
  const table = readTableParams(url.searchParams, { sortKeys: sortKeysOf(sorts), defaultSort });
  return {
    table,
    input: { search: table.q || undefined, ...filters(url.searchParams), sort: table.sort as Sort },
  };
}

/** A core listing read one page at a time. */
export type Listing<Result> = (page: number, pageSize: number) => Promise<Result>;

/** The page the table asks for; past the last one, the last one. */
export function readListPage<Result extends Page<unknown>>(table: TableParams, list: Listing<Result>) {
  return readPageClamped((page) => list(page, table.pageSize), table.page);
}

/** What a list page's loader returns for its table: the rows as `view` shows them, paging and sort. */
export function tableView<Row, View>(page: Page<Row>, table: TableParams, view: (row: Row) => View) {
  return {
    rows: page.rows.map(view),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
  };
}

/** A CSV download's file name and header row (message keys), and a row's values in that order. */
export type CsvExport<Row> = {
  name: string;
  columns: readonly MessageKey[];
  row: (row: Row) => readonly CsvValue[];
};

/** `?format=csv`: every row of `list` (the list's search and filters, no paging) as a CSV download. */
export async function listCsv<Row>(
  request: Request,
  services: AppServices,
  list: Listing<Page<Row>>,
  csv: CsvExport<Row>,
) {
  const rows = await allRows(list);
  return csvResponse(
    csv.name,
    csv.columns,
    rows.map(csv.row),
    services.now(),
    interfaceText(request, services),
  );
}
