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
import { useTable, type Column, type RowData, type RowSelectionState } from "@tanstack/react-table";
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import {
  Form,
  Link,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { useT } from "../../lib/i18n.tsx";
import {
  isViewOnlyChange,
  nextSort,
  PAGE_SIZES,
  readHiddenColumns,
  SEARCH_MAX_LENGTH,
  TABLE_PARAMS,
  tableUrl,
  type TableUrlChanges,
} from "../../lib/table-url.ts";
import { Button, buttonClasses } from "./button.tsx";
import { Checkbox } from "./checkbox.tsx";
import { isActionFailure } from "./confirm-dialog.tsx";
import { cx, focusRing } from "./cx.ts";
import {
  columnDefs,
  columnSignature,
  dataTableOptions,
  hiddenKeys,
  selectedOnPage,
  selectionState,
  type DataTableFeatures,
} from "./data-table-model.ts";
import { BulkActionsBar, bulkFields, ColumnsMenu, type DataTableBulkAction } from "./data-table-parts.tsx";
import { EmptyState } from "./empty-state.tsx";
import { Input } from "./input.tsx";
import { LinkButton } from "./link-button.tsx";
import { Select, type SelectOption } from "./select.tsx";
import { isolated } from "./table.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { useFetcherToasts, useToastFromData } from "./toast.ts";

export type { DataTableBulkAction } from "./data-table-parts.tsx";

// ---- the URL: every bit of table state lives in the query string (app/lib/table-url.ts) ---------

// Browser code may import these from here; server code imports app/lib/table-url.ts.
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  TABLE_PARAMS,
  tableUrl,
  type TableUrlChanges,
  type TableUrlValue,
} from "../../lib/table-url.ts";
const SEARCH_DEBOUNCE_MS = 400;

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
  /** Listed in the "Columns" menu, so people can hide it (kept in the URL as `hide=key`). Off by default. */
  hideable?: boolean;
  /** The column's name in the "Columns" menu; the header when that is a string. */
  label?: string;
};

/** Row selection with a bar of bulk actions (opt-in). Selection needs JavaScript. */
export type DataTableSelection<Row> = {
  /** The row's name in its checkbox's label ("Select Main site"). */
  rowLabel: (row: Row) => string;
  /** What can be done with the selected rows; each receives the selected row ids. */
  actions: readonly DataTableBulkAction[];
  /** Rows that cannot be selected (their checkbox is disabled). */
  canSelect?: (row: Row) => boolean;
  /**
   * A controlled selection (row keys). Leave both out and the table keeps it itself: it is cleared
   * when the page, sort, search or filters change, and after a bulk action succeeded.
   */
  selectedIds?: readonly string[];
  onSelectedIdsChange?: (ids: string[]) => void;
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
  /** `total` is where counting stopped (one past a cap): more rows match; shown as "over total − 1". */
  totalCapped?: boolean;
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
  /** Row checkboxes, a select-all box per page and a bar of bulk actions. */
  selection?: DataTableSelection<Row>;
  className?: string;
};

const ALIGN = { start: "text-start", center: "text-center", end: "text-end" } as const;
/**
 * Body cells: their texts take their direction from their own letters (`bidi-cells` in app.css), so
 * start and end would follow each text; the alignment comes from the table's direction instead.
 */
const CELL_ALIGN = {
  start: "ltr:text-left rtl:text-right",
  center: "text-center",
  end: "ltr:text-right rtl:text-left",
} as const;

/**
 * A server-driven table: search, filters, page size, sort and page are URL parameters read by the
 * route's loader (see readTableParams), so it works without JavaScript (a GET form and links), is
 * shareable, and the back button does what people expect. With JavaScript, selects apply at once,
 * typing in the search box applies after a pause, and the table dims while the next page loads.
 */
export function DataTable<Row extends RowData>({
  columns,
  rows,
  rowKey,
  total,
  totalCapped = false,
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
  selection,
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

  // A change of hidden columns only is a view change: no dimming, and the menu shows it at once.
  const pendingHere =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? navigation.location
      : null;
  const viewOnly =
    pendingHere !== null &&
    isViewOnlyChange(
      new URL(location.pathname + location.search, "http://table"),
      new URL(pendingHere.pathname + pendingHere.search, "http://table"),
    );
  const busy = pendingHere !== null && !viewOnly;
  const viewParams = pendingHere && viewOnly ? new URLSearchParams(pendingHere.search) : params;
  const to = (changes: TableUrlChanges) => ({
    pathname: location.pathname,
    search: tableUrl(params, changes),
  });

  // ---- the TanStack model: URL state in, column and selection state out ----------------------
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const hidden = readHiddenColumns(
    viewParams,
    columns.filter((c) => c.hideable).map((c) => c.key),
  );
  // Column definitions depend only on keys and flags: keep them across renders (stable model input).
  const signature = columnSignature(columns);
  const [defsCache, setDefsCache] = useState(() => ({ signature, defs: columnDefs<Row>(columns) }));
  let defs = defsCache.defs;
  if (defsCache.signature !== signature) {
    defs = columnDefs<Row>(columns);
    setDefsCache({ signature, defs });
  }

  // The table's own selection belongs to one list: another page, sort, search or filter starts afresh.
  const scope = location.pathname + tableUrl(params, { [TABLE_PARAMS.hide]: null });
  const [ownSelection, setOwnSelection] = useState<{ scope: string; ids: RowSelectionState }>({
    scope,
    ids: {},
  });
  const currentSelection: RowSelectionState = selection?.selectedIds
    ? selectionState(selection.selectedIds)
    : ownSelection.scope === scope
      ? ownSelection.ids
      : {};
  const setSelection = (next: RowSelectionState) => {
    if (!selection?.selectedIds) setOwnSelection({ scope, ids: next });
    selection?.onSelectedIdsChange?.(Object.keys(next).filter((key) => next[key]));
  };

  const table = useTable<DataTableFeatures, Row>(
    dataTableOptions({
      columns,
      defs,
      rows,
      rowKey,
      total,
      page,
      pageSize,
      sort,
      hidden,
      selection: currentSelection,
      canSelect: selection?.canSelect,
      onColumnVisibilityChange: (visibility) =>
        void navigate(
          {
            pathname: location.pathname,
            search: tableUrl(viewParams, { [TABLE_PARAMS.hide]: hiddenKeys(columns, visibility) }),
          },
          { replace: true, preventScrollReset: true },
        ),
      onRowSelectionChange: setSelection,
    }),
  );
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const selectedIds = selectedOnPage(
    currentSelection,
    tableRows.map((row) => row.id),
  );

  // ---- bulk actions: a plain one posts with this fetcher, a confirmed one through its dialog ------
  const selectAllRef = useRef<HTMLInputElement | null>(null);
  const bulkFetcher = useFetcher({ key: `bulk${id}` });
  const [bulkKey, setBulkKey] = useState<string | null>(null);
  const [seenBulkData, setSeenBulkData] = useState<unknown>(undefined);
  const [clears, setClears] = useState(0);
  useToastFromData(bulkFetcher.data);

  const clearSelection = () => {
    if (!selection?.selectedIds) setOwnSelection({ scope, ids: {} });
    setClears((n) => n + 1);
  };
  // A plain bulk action's result: a success clears the selection (its rows may be gone).
  if (bulkFetcher.state === "idle" && bulkFetcher.data !== seenBulkData) {
    setSeenBulkData(bulkFetcher.data);
    setBulkKey(null);
    if (!isActionFailure(bulkFetcher.data)) clearSelection();
  }
  // With the selection gone, so is the bar that had focus: move it to the select-all box.
  const afterClear = useEffectEvent(() => {
    selection?.onSelectedIdsChange?.([]);
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) selectAllRef.current?.focus();
    }, 0);
  });
  useEffect(() => {
    if (clears > 0) afterClear();
  }, [clears]);
  const runBulk = (action: DataTableBulkAction) => {
    setBulkKey(action.key);
    void bulkFetcher.submit(bulkFields(action, selectedIds), { method: "post", action: action.action });
  };

  const managed = new Set<string>([
    TABLE_PARAMS.q,
    TABLE_PARAMS.page,
    TABLE_PARAMS.pageSize,
    ...filters.map((f) => f.name),
  ]);
  const preserved = [...params.entries()].filter(([name]) => !managed.has(name));
  const q = params.get(TABLE_PARAMS.q) ?? "";
  // A filter counts only with one of its own values: the loaders ignore any other (`?status=bogus`).
  const filtered =
    q !== "" || filters.some((f) => f.options.some((option) => option.value === params.get(f.name)));

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

  const pages = Math.max(1, table.getPageCount());
  const columnsMenu = defs.some((def) => def.enableHiding);
  const selectable = selection !== undefined;
  const allSelected = table.getIsAllPageRowsSelected();
  const someSelected = !allSelected && table.getIsSomePageRowsSelected();
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const until = Math.min(page * pageSize, total);
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  // Past the last page the loader shows the last one (readPageClamped); say so instead of pretending.
  const askedPage = Number(params.get(TABLE_PARAMS.page));
  const pastEnd = Number.isSafeInteger(askedPage) && askedPage > page ? askedPage : null;

  return (
    <div className={cx("flex flex-col gap-3", className)}>
      {pastEnd === null ? null : (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("ui.pagination.pastEnd", { asked: pastEnd, page })}
        </p>
      )}
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
            <div className="relative max-w-sm min-w-64 flex-1">
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
        {actions || exportHref || columnsMenu ? (
          <div className="flex flex-wrap items-center gap-2">
            {columnsMenu ? (
              <ColumnsMenu
                disabled={!hydrated}
                columns={table
                  .getAllLeafColumns()
                  .filter((column) => column.getCanHide())
                  .map((column) => ({
                    key: column.id,
                    label: columnLabel(byKey.get(column.id)),
                    visible: column.getIsVisible(),
                    toggle: (visible: boolean) => column.toggleVisibility(visible),
                  }))}
              />
            ) : null}
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

      {selection ? (
        <>
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {selectedIds.length > 0 ? t("ui.table.selected", { count: selectedIds.length }) : null}
          </p>
          {selectedIds.length > 0 ? (
            <BulkActionsBar
              ids={selectedIds}
              actions={selection.actions}
              pendingKey={bulkFetcher.state !== "idle" ? bulkKey : null}
              run={runBulk}
              onDone={clearSelection}
              onClear={clearSelection}
            />
          ) : null}
        </>
      ) : null}

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
        <table
          className={cx("bidi-cells w-full border-collapse text-sm transition-opacity", busy && "opacity-60")}
        >
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              {selectable ? (
                <th scope="col" className="w-10 px-4 py-3">
                  <Checkbox
                    ref={(element: HTMLInputElement | null) => {
                      selectAllRef.current = element;
                      // "Some selected" exists only as a DOM property, read by assistive technology as mixed.
                      if (element) element.indeterminate = someSelected;
                    }}
                    aria-label={t("ui.table.selectAll")}
                    checked={allSelected}
                    disabled={!hydrated || !tableRows.some((row) => row.getCanSelect())}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {visibleColumns.map((column) => {
                const own = byKey.get(column.id);
                return own ? (
                  <HeaderCell key={column.id} column={own} model={column} sort={sort} to={to} />
                ) : null;
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {tableRows.length ? (
              tableRows.map((row) => {
                const selected = selectable && row.getIsSelected();
                return (
                  <tr
                    key={row.id}
                    data-state={selected ? "selected" : undefined}
                    className={cx(
                      "hover:bg-slate-50 dark:hover:bg-slate-900/50",
                      selected && "bg-primary-50/60 dark:bg-primary-950/30",
                    )}
                  >
                    {selection ? (
                      <td className="w-10 px-4 py-3 align-middle">
                        <Checkbox
                          aria-label={t("ui.table.selectRow", { name: selection.rowLabel(row.original) })}
                          checked={row.getIsSelected()}
                          disabled={!hydrated || !row.getCanSelect()}
                          // React's change event carries the click, so Shift selects a range.
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    ) : null}
                    {row.getVisibleCells().map((cell) => {
                      const own = byKey.get(cell.column.id);
                      return own ? (
                        <td
                          key={cell.id}
                          className={cx(
                            "px-4 py-3 align-middle",
                            CELL_ALIGN[own.align ?? "start"],
                            own.className,
                          )}
                        >
                          {isolated(own.cell(row.original))}
                        </td>
                      ) : null;
                    })}
                  </tr>
                );
              })
            ) : (
              <tr>
                <td colSpan={visibleColumns.length + (selectable ? 1 : 0)}>
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
          {total === 0
            ? null
            : totalCapped
              ? t("ui.pagination.summaryCapped", { from, to: until, total: total - 1 })
              : t("ui.pagination.summary", { from, to: until, total })}
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
            <ul className="flex flex-wrap items-center gap-1">
              <PageLink to={page > 1 ? to({ page: 1 }) : null} label={t("ui.pagination.first")} iconOnly>
                <ChevronsLeft aria-hidden="true" className="rtl:-scale-x-100" />
              </PageLink>
              <PageLink
                to={page > 1 ? to({ page: Math.min(page - 1, pages) }) : null}
                label={t("ui.pagination.previous")}
                rel="prev"
              >
                <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
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
                <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
              </PageLink>
              <PageLink
                to={page < pages ? to({ page: pages }) : null}
                label={t("ui.pagination.last")}
                iconOnly
              >
                <ChevronsRight aria-hidden="true" className="rtl:-scale-x-100" />
              </PageLink>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

type To = { pathname: string; search: string };

/** The name of a column in the "Columns" menu. */
function columnLabel<Row>(column: DataTableColumn<Row> | undefined): string {
  if (!column) return "";
  if (column.label) return column.label;
  return typeof column.header === "string" ? column.header : column.key;
}

function HeaderCell<Row extends RowData>({
  column,
  model,
  sort,
  to,
}: {
  column: DataTableColumn<Row>;
  model: Column<DataTableFeatures, Row, unknown>;
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
  const sorted = model.getIsSorted();
  const direction = sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined;
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction} className={base}>
      <Link
        to={to({ [TABLE_PARAMS.sort]: nextSort(sort, key) })}
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
      {/* On a phone the arrows alone: "Previous" and "Next" in long languages would not fit beside the page. */}
      <span className="max-sm:sr-only">{label}</span>
      {children}
    </>
  ) : (
    <>
      {children}
      <span className="max-sm:sr-only">{label}</span>
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
