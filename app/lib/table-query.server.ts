// Reading a data table's URL state on the server, shared by the studio's list pages. Server code
// never imports UI component files: the parsing lives here, the data table only writes the URL.

/** The query parameters a data table owns (filters add their own names), as the data table writes them. */
const PARAM = { q: "q", page: "page", pageSize: "pageSize", sort: "sort" } as const;
/** The page sizes the data table offers; any other asked size falls back to the default. */
const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;
const SEARCH_MAX_LENGTH = 200;

export type TableParams = {
  q: string;
  page: number;
  pageSize: number;
  /** The effective sort, as in the URL: "name" or "-name". */
  sort: string;
  sortKey: string;
  sortDirection: "asc" | "desc";
  offset: number;
};

/**
 * A loader's reading of the table parameters, with safe defaults: an unknown sort key falls back
 * to `defaultSort`, a page size outside the offered ones to `defaultPageSize`, a bad page to 1.
 */
export function readTableParams(
  params: URLSearchParams,
  options: { sortKeys: readonly string[]; defaultSort: string; defaultPageSize?: number },
): TableParams {
  const q = (params.get(PARAM.q) ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const askedSize = Number(params.get(PARAM.pageSize));
  const pageSize = PAGE_SIZES.includes(askedSize)
    ? askedSize
    : (options.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const askedPage = Number(params.get(PARAM.page));
  const page = Number.isSafeInteger(askedPage) && askedPage > 1 ? askedPage : 1;
  const askedSort = params.get(PARAM.sort) ?? "";
  const sort = options.sortKeys.includes(askedSort.replace(/^-/, "")) ? askedSort : options.defaultSort;
  const descending = sort.startsWith("-");
  return {
    q,
    page,
    pageSize,
    sort,
    sortKey: descending ? sort.slice(1) : sort,
    sortDirection: descending ? "desc" : "asc",
    offset: (page - 1) * pageSize,
  };
}

/** One of the allowed values of a URL parameter, or undefined (an unknown value is ignored, not an error). */
export function readChoice<Value extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly Value[],
): Value | undefined {
  const value = params.get(name) ?? "";
  return (allowed as readonly string[]).includes(value) ? (value as Value) : undefined;
}

/**
 * Loads the asked page; past the last one (rows were deleted, or an old link) it shows the last page
 * instead, keeping the URL as it is.
 */
export async function readPageClamped<Page extends { total: number; pageSize: number }>(
  read: (page: number) => Promise<Page>,
  page: number,
): Promise<Page> {
  const result = await read(page);
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  return page > last ? read(last) : result;
}
