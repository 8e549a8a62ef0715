import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Download,
  Search,
} from "lucide-react";
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { Button, buttonClasses } from "./button.tsx";
import { cx, focusRing } from "./cx.ts";
import { EmptyState } from "./empty-state.tsx";
import { Input } from "./input.tsx";
import { LinkButton } from "./link-button.tsx";
import { Select, type SelectOption } from "./select.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { useFetcherToasts } from "./toast.ts";

// ---- the URL: every bit of table state lives in the query string ------------------------------

/** The query parameters a data table owns (filters add their own names). */
export const TABLE_PARAMS = { q: "q", page: "page", pageSize: "pageSize", sort: "sort" } as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
const SEARCH_MAX_LENGTH = 200;
const SEARCH_DEBOUNCE_MS = 400;

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
 * Changing anything but `page` (search, a filter, the sort, the page size) goes back to page 1;
 * page 1 itself is left out of the URL.
 */
export function tableUrl(current: URLSearchParams, changes: TableUrlChanges): string {
  const next = new URLSearchParams(current);
  let changed = false;
  for (const [name, value] of Object.entries(changes)) {
    const values = valuesOf(value);
    const before = current.getAll(name);
    if (before.length === values.length && before.every((v, i) => v === values[i])) continue;
    if (name !== TABLE_PARAMS.page) changed = true;
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

// ---- the component ----------------------------------------------------------------------------

export type DataTableColumn<Row> = {
  key: string;
  /** Column heading; for an actions column use <span className="sr-only">…</span>. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Header becomes a link toggling `sort` between key and -key. */
  sortable?: boolean;
  /** The `sort` value when it is not `key`. */
  sortKey?: string;
  align?: "start" | "center" | "end";
  className?: string;
};

export type DataTableFilter = {
  /** The query parameter ("status"). */
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty option; "All" by default. */
  allLabel?: string;
};

export type DataTableProps<Row> = {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Rows matching the search and filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  /** The effective sort ("name" / "-name"), as the loader applied it. */
  sort?: string;
  /** What the table lists, for assistive technology (rendered as an sr-only caption). */
  caption: string;
  /** Show the search box (parameter `q`); on by default. */
  search?: boolean;
  searchPlaceholder?: string;
  filters?: readonly DataTableFilter[];
  pageSizes?: readonly number[];
  emptyTitle?: ReactNode;
  emptyHint?: ReactNode;
  /** Shown in the empty state when nothing is searched or filtered ("Create a key"). */
  emptyAction?: ReactNode;
  /** A CSV download (a resource route); include the current filters in it if they apply. */
  exportHref?: string;
  /** More actions beside the toolbar ("New key"); rendered outside the search form. */
  actions?: ReactNode;
  className?: string;
};

const ALIGN = { start: "text-start", center: "text-center", end: "text-end" } as const;

/**
 * A server-driven table: search, filters, page size, sort and page are URL parameters read by the
 * route's loader (see readTableParams), so it works without JavaScript (a GET form and links), is
 * shareable, and the back button does what people expect. With JavaScript, selects apply at once,
 * typing in the search box applies after a pause, and the table dims while the next page loads.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  sort = "",
  caption,
  search = true,
  searchPlaceholder,
  filters = [],
  pageSizes = PAGE_SIZES,
  emptyTitle,
  emptyHint,
  emptyAction,
  exportHref,
  actions,
  className,
}: DataTableProps<Row>) {
  const t = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const id = useId();
  const formId = `table-form${id}`;
  const captionId = `table-caption${id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Row actions delete their own row: their toasts arrive after they unmount.
  useFetcherToasts();

  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const to = (changes: TableUrlChanges) => ({
    pathname: location.pathname,
    search: tableUrl(params, changes),
  });

  const managed = new Set<string>([
    TABLE_PARAMS.q,
    TABLE_PARAMS.page,
    TABLE_PARAMS.pageSize,
    ...filters.map((f) => f.name),
  ]);
  const preserved = [...params.entries()].filter(([name]) => !managed.has(name));
  const q = params.get(TABLE_PARAMS.q) ?? "";
  const filtered = q !== "" || filters.some((f) => params.get(f.name));

  const formChanges = (form: HTMLFormElement): TableUrlChanges => {
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const changes: TableUrlChanges = {};
    if (search) changes[TABLE_PARAMS.q] = text(TABLE_PARAMS.q);
    for (const filter of filters) changes[filter.name] = text(filter.name);
    const size = text(TABLE_PARAMS.pageSize);
    // Keep the URL clean: the page size the loader chose by itself stays implicit.
    changes[TABLE_PARAMS.pageSize] =
      size === String(pageSize) && !params.has(TABLE_PARAMS.pageSize) ? null : size;
    return changes;
  };

  const apply = (form: HTMLFormElement, replace: boolean) => {
    clearTimeout(searchTimer.current);
    void navigate(to(formChanges(form)), { replace, preventScrollReset: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript: the same GET, minus empty parameters, keeping the ones the form does not own.
    event.preventDefault();
    apply(event.currentTarget, false);
  };

  const submitNow = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form) apply(form, false);
  };

  const onSearchChange = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      if (form) apply(form, true);
    }, SEARCH_DEBOUNCE_MS);
  };

  useEffect(() => {
    const timer = searchTimer;
    return () => clearTimeout(timer.current);
  }, []);

  // The controls are uncontrolled (so they work before hydration): when the URL changes by a link
  // (clear filters, back button), bring them in line, except the one the user is in.
  const syncControls = useEffectEvent((query: string) => {
    const current = new URLSearchParams(query);
    const controls = formRef.current?.elements;
    if (!controls) return;
    for (const element of Array.from(controls)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      if (element.type === "hidden" || element === document.activeElement || !managed.has(element.name))
        continue;
      element.value =
        element.name === TABLE_PARAMS.pageSize ? String(pageSize) : (current.get(element.name) ?? "");
    }
  });
  useEffect(() => syncControls(location.search), [location.search]);

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const until = Math.min(page * pageSize, total);
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);

  return (
    <div className={cx("flex flex-col gap-3", className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form
          ref={formRef}
          id={formId}
          method="get"
          action={location.pathname}
          onSubmit={onSubmit}
          role="search"
          aria-label={t("ui.table.toolbar")}
          className="flex flex-1 flex-wrap items-end gap-3"
        >
          {preserved.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          {search ? (
            <div className="relative max-w-sm min-w-48 flex-1">
              <label htmlFor={`${formId}-q`} className="sr-only">
                {t("ui.table.search")}
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
              />
              <Input
                id={`${formId}-q`}
                type="search"
                name={TABLE_PARAMS.q}
                defaultValue={q}
                placeholder={searchPlaceholder ?? t("ui.table.searchPlaceholder")}
                maxLength={SEARCH_MAX_LENGTH}
                autoComplete="off"
                onChange={onSearchChange}
                className="ps-9"
              />
            </div>
          ) : null}
          {filters.map((filter) => (
            <div key={filter.name} className="flex flex-col gap-1">
              <label
                htmlFor={`${formId}-${filter.name}`}
                className="text-xs font-medium text-slate-600 dark:text-slate-400"
              >
                {filter.label}
              </label>
              <Select
                id={`${formId}-${filter.name}`}
                name={filter.name}
                defaultValue={params.get(filter.name) ?? ""}
                placeholder={filter.allLabel ?? t("ui.table.all")}
                options={filter.options}
                onChange={submitNow}
                className="min-w-36"
              />
            </div>
          ))}
          <Button type="submit" variant="secondary">
            {t("ui.table.apply")}
          </Button>
        </Form>
        {actions || exportHref ? (
          <div className="flex flex-wrap items-center gap-2">
            {exportHref ? (
              <a href={exportHref} download className={buttonClasses({ variant: "outline" })}>
                <Download aria-hidden="true" />
                {t("ui.table.export")}
              </a>
            ) : null}
            {actions}
          </div>
        ) : null}
      </div>

      <div
        role="region"
        aria-labelledby={captionId}
        aria-busy={busy || undefined}
        tabIndex={0}
        className={cx(
          "relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800",
          focusRing,
        )}
      >
        <table className={cx("w-full border-collapse text-sm transition-opacity", busy && "opacity-60")}>
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} to={to} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.length ? (
              rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50 dark:hover:bg-slate-900/50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cx(
                        "px-4 py-3 align-middle",
                        ALIGN[column.align ?? "start"],
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={columns.length}>
                  <EmptyState
                    title={filtered ? t("ui.table.emptyFiltered") : (emptyTitle ?? t("ui.table.empty"))}
                    hint={filtered ? undefined : emptyHint}
                    action={
                      filtered ? (
                        <LinkButton
                          to={to(
                            Object.fromEntries(
                              [TABLE_PARAMS.q, ...filters.map((f) => f.name)].map((n) => [n, null]),
                            ),
                          )}
                          size="sm"
                        >
                          {t("ui.table.clearFilters")}
                        </LinkButton>
                      ) : (
                        emptyAction
                      )
                    }
                  />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm text-slate-600 dark:text-slate-400">
        <p aria-live="polite" aria-atomic="true">
          {total > 0 ? t("ui.pagination.summary", { from, to: until, total }) : null}
        </p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <div className="flex items-center gap-2">
            <label htmlFor={`${formId}-size`}>{t("ui.table.pageSize")}</label>
            <Select
              id={`${formId}-size`}
              form={formId}
              name={TABLE_PARAMS.pageSize}
              defaultValue={String(pageSize)}
              options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={submitNow}
              className="w-20"
            />
            {hydrated ? null : (
              // Without JavaScript a select cannot apply itself.
              <Button type="submit" form={formId} variant="outline" size="sm">
                {t("ui.table.apply")}
              </Button>
            )}
          </div>
          <nav aria-label={t("ui.pagination.label")}>
            <ul className="flex items-center gap-1">
              <PageLink to={page > 1 ? to({ page: 1 }) : null} label={t("ui.pagination.first")} iconOnly>
                <ChevronsLeft aria-hidden="true" />
              </PageLink>
              <PageLink
                to={page > 1 ? to({ page: Math.min(page - 1, pages) }) : null}
                label={t("ui.pagination.previous")}
                rel="prev"
              >
                <ChevronLeft aria-hidden="true" />
              </PageLink>
              <li className="px-2 whitespace-nowrap tabular-nums">
                {t("ui.pagination.page", { page, pages })}
              </li>
              <PageLink
                to={page < pages ? to({ page: page + 1 }) : null}
                label={t("ui.pagination.next")}
                rel="next"
                iconAfter
              >
                <ChevronRight aria-hidden="true" />
              </PageLink>
              <PageLink
                to={page < pages ? to({ page: pages }) : null}
                label={t("ui.pagination.last")}
                iconOnly
              >
                <ChevronsRight aria-hidden="true" />
              </PageLink>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

type To = { pathname: string; search: string };

function HeaderCell<Row>({
  column,
  sort,
  to,
}: {
  column: DataTableColumn<Row>;
  sort: string;
  to: (changes: TableUrlChanges) => To;
}) {
  const align = ALIGN[column.align ?? "start"];
  const base = cx("px-4 py-3 font-medium whitespace-nowrap", align, column.className);
  if (!column.sortable) {
    return (
      <th scope="col" className={base}>
        {column.header}
      </th>
    );
  }
  const key = column.sortKey ?? column.key;
  const direction = sort === key ? "ascending" : sort === `-${key}` ? "descending" : undefined;
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction} className={base}>
      <Link
        to={to({ [TABLE_PARAMS.sort]: direction === "ascending" ? `-${key}` : key })}
        preventScrollReset
        className={cx(
          "inline-flex items-center gap-1 rounded hover:text-slate-900 dark:hover:text-white",
          direction && "text-slate-900 dark:text-white",
          focusRing,
        )}
      >
        {column.header}
        <Icon aria-hidden="true" className={cx("size-3.5", direction ? "opacity-100" : "opacity-50")} />
      </Link>
    </th>
  );
}

function PageLink({
  to,
  label,
  rel,
  iconOnly = false,
  iconAfter = false,
  children,
}: {
  to: To | null;
  label: string;
  rel?: "prev" | "next";
  iconOnly?: boolean;
  iconAfter?: boolean;
  children: ReactNode;
}) {
  const content = iconOnly ? (
    <>
      {children}
      <span className="sr-only">{label}</span>
    </>
  ) : iconAfter ? (
    <>
      <span>{label}</span>
      {children}
    </>
  ) : (
    <>
      {children}
      <span>{label}</span>
    </>
  );
  const classes = buttonClasses({
    variant: "ghost",
    size: iconOnly ? "icon" : "sm",
    className: iconOnly ? "size-8" : "px-2",
  });
  return (
    <li>
      {to ? (
        <Link to={to} rel={rel} className={classes}>
          {content}
        </Link>
      ) : (
        <span role="link" aria-disabled="true" className={cx(classes, "pointer-events-none opacity-40")}>
          {content}
        </span>
      )}
    </li>
  );
}
