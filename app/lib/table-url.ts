// A data table's state in the query string, read by the route's loader (the server sorts, filters
// and pages) and written by the table's links and GET form. Browser- and server-safe: no React here.

/** The query parameters a data table owns (filters add their own names). */
export const TABLE_PARAMS = {
  q: "q",
  page: "page",
  pageSize: "pageSize",
  sort: "sort",
  /** Repeated: the keys of the columns hidden from view (a view setting, the loader ignores it). */
  hide: "hide",
} as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 200;

/** Parameters that change only what the browser shows, not which rows the loader reads. */
const VIEW_PARAMS: ReadonlySet<string> = new Set([TABLE_PARAMS.hide]);
/** Parameters that keep the current page when they change. */
const PAGE_KEEPING_PARAMS: ReadonlySet<string> = new Set([TABLE_PARAMS.page, ...VIEW_PARAMS]);

export type TableUrlValue = string | number | readonly string[] | null | undefined;
export type TableUrlChanges = Record<string, TableUrlValue>;

const valuesOf = (value: TableUrlValue): string[] =>
  (value === null || value === undefined
    ? []
    : typeof value === "object"
      ? [...value]
      : [String(value)]
  ).filter((v) => v !== "");

/**
 * The query string ("?q=x&sort=-name", or "" when empty) for `current` with `changes` applied:
 * null, undefined and "" remove a parameter, an array sets a repeated one, everything else is kept.
 * Changing what the loader reads (search, a filter, the sort, the page size) goes back to page 1;
 * changing the page or the hidden columns does not. Page 1 itself is left out of the URL.
 */
export function tableUrl(current: URLSearchParams, changes: TableUrlChanges): string {
  const next = new URLSearchParams(current);
  let changed = false;
  for (const [name, value] of Object.entries(changes)) {
    const values = valuesOf(value);
    const before = current.getAll(name);
    if (before.length === values.length && before.every((v, i) => v === values[i])) continue;
    if (!PAGE_KEEPING_PARAMS.has(name)) changed = true;
    if (values.length === 1) next.set(name, values[0]!);
    else {
      next.delete(name);
      for (const v of values) next.append(name, v);
    }
  }
  if (Object.hasOwn(changes, TABLE_PARAMS.page)) {
    const page = Number(next.get(TABLE_PARAMS.page));
    if (!Number.isInteger(page) || page <= 1) next.delete(TABLE_PARAMS.page);
  } else if (changed) next.delete(TABLE_PARAMS.page);
  const search = next.toString();
  return search ? `?${search}` : "";
}

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
 * to `defaultSort`, a page size outside PAGE_SIZES to `defaultPageSize`, a bad page to 1.
 */
export function readTableParams(
  params: URLSearchParams,
  options: { sortKeys: readonly string[]; defaultSort: string; defaultPageSize?: number },
): TableParams {
  const q = (params.get(TABLE_PARAMS.q) ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const askedSize = Number(params.get(TABLE_PARAMS.pageSize));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(askedSize)
    ? askedSize
    : (options.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const askedPage = Number(params.get(TABLE_PARAMS.page));
  const page = Number.isSafeInteger(askedPage) && askedPage > 1 ? askedPage : 1;
  const askedSort = params.get(TABLE_PARAMS.sort) ?? "";
  const sort = options.sortKeys.includes(askedSort.replace(/^-/, "")) ? askedSort : options.defaultSort;
  const { key, desc } = splitSort(sort);
  return {
    q,
    page,
    pageSize,
    sort,
    sortKey: key,
    sortDirection: desc ? "desc" : "asc",
    offset: (page - 1) * pageSize,
  };
}

/** "-name" → { key: "name", desc: true }; "" → { key: "", desc: false }. */
export function splitSort(sort: string): { key: string; desc: boolean } {
  return sort.startsWith("-") ? { key: sort.slice(1), desc: true } : { key: sort, desc: false };
}

/**
 * The `sort` value a sortable header links to: ascending first, then descending, then ascending
 * again (the loader always applies some sort, so there is no "unsorted" step).
 */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}

/**
 * The hidden column keys in the URL, limited to the columns that may be hidden (anything else in
 * the parameter is ignored, so a hand-edited URL cannot hide the row's name or its actions).
 */
export function readHiddenColumns(params: URLSearchParams, hideable: readonly string[]): string[] {
  const allowed = new Set(hideable);
  const hidden = new Set<string>();
  for (const value of params.getAll(TABLE_PARAMS.hide)) {
    for (const key of value.split(",")) if (allowed.has(key)) hidden.add(key);
  }
  return hideable.filter((key) => hidden.has(key));
}

/**
 * For a route's `shouldRevalidate`: true when the two URLs differ only in view parameters (the
 * hidden columns), so the loader need not run again:
 * `shouldRevalidate = (args) => !isViewOnlyChange(args.currentUrl, args.nextUrl) && args.defaultShouldRevalidate`.
 */
export function isViewOnlyChange(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of VIEW_PARAMS) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) && currentUrl.search !== nextUrl.search;
}

/** The form field a bulk action posts the selected row ids in (comma-separated). */
export const SELECTED_IDS_FIELD = "ids";
/** More ids than a page can show is not a selection made in the table. */
export const SELECTED_IDS_MAX = Math.max(...PAGE_SIZES);

/**
 * The row ids a bulk action received: the `ids` field (comma-separated, or repeated), trimmed,
 * without empties and duplicates. Null when there are more than SELECTED_IDS_MAX: refuse the request.
 * The ids are only what the browser asked for: the operation still checks each one.
 */
export function readSelectedIds(form: FormData, name: string = SELECTED_IDS_FIELD): string[] | null {
  const ids = new Set<string>();
  for (const value of form.getAll(name)) {
    if (typeof value !== "string") continue;
    for (const id of value.split(",")) {
      const trimmed = id.trim();
      if (trimmed) ids.add(trimmed);
      if (ids.size > SELECTED_IDS_MAX) return null;
    }
  }
  return [...ids];
}
