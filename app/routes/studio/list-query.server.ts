// A studio list page's server side declared once (listRoute): its URL read into a core listing's input
// (the table's own parameters, app/lib/table-url.ts, and the page's filters), the page the table shows and
// the CSV download, with app/lib/list-route.server.ts's loadListPage and listCsv.
import type { RouterContextProvider } from "react-router";
import type { AppServices } from "../../../core/services.ts";
import type { Page } from "../../../core/shared/page.ts";
import { type CsvColumn, listCsv, loadListPage, studioActor } from "../../lib/list-route.server.ts";
import { readTableParams } from "../../lib/table-url.ts";

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

type Context = Readonly<RouterContextProvider>;
type Actor = ReturnType<typeof studioActor>["actor"];
/** What a core listing is asked: the search, the sort, the page's filters and the page. */
type ListInput<Sort, Filters> = {
  search: string | undefined;
  sort: Sort;
  page: number;
  pageSize: number;
} & Filters;

/**
 * A list page's server side, declared once: its sorts (and default), its filters read from the URL, the
 * core listing, and its CSV. `load` answers the table's page (loadListPage), `csv` the download
 * (listCsv), `query` the URL read for a loader that needs more.
 */
export function listRoute<Sort extends string, Filters extends object, Row>(spec: {
  sorts: readonly Sort[];
  defaultSort: NoInfer<Sort>;
  filters: (params: URLSearchParams, services: AppServices) => Filters;
  list: (services: AppServices, actor: Actor, input: NoInfer<ListInput<Sort, Filters>>) => Promise<Page<Row>>;
  csv: { name: string; columns: readonly CsvColumn<Row>[] };
}) {
  const query = (request: Request, services: AppServices) =>
    readListQuery(new URL(request.url), spec.sorts, spec.defaultSort, (params) =>
      spec.filters(params, services),
    );
  return {
    query,
    async load(request: Request, context: Context) {
      const { services, actor } = studioActor(context);
      const { table, input } = query(request, services);
      return loadListPage(
        (page, pageSize) => spec.list(services, actor, { ...input, page, pageSize }),
        table,
      );
    },
    async csv(request: Request, context: Context) {
      const { services, actor } = studioActor(context);
      const { input } = query(request, services);
      return listCsv(request, services, {
        ...spec.csv,
        read: (page, pageSize) => spec.list(services, actor, { ...input, page, pageSize }),
      });
    },
  };
}
