// The table itself in DataTable: the header (sort links, the select-all box), the rows and, when
// there are none, the empty state.
import type { Column, RowData, Row as TableRow } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { nextSort, TABLE_PARAMS, type TableUrlChanges } from "../../lib/table-url.ts";
import { cx, focusRing } from "./cx.ts";
import type { DataTableFeatures, DataTableModel } from "./data-table-model.ts";
import { RowSelectCell, SelectAllCell } from "./data-table-selection.tsx";
import type {
  DataTableColumn,
  DataTableFilter,
  DataTableProps,
  DataTableSelection,
} from "./data-table-types.ts";
import { isFiltered, type To } from "./data-table-url.ts";
import { EmptyState } from "./empty-state.tsx";
import { LinkButton } from "./link-button.tsx";
import { isolated } from "./table.tsx";

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

type Linker = (changes: TableUrlChanges) => To;

/** A scrollable, labelled region around the table; dimmed while the next rows load. */
export function DataTableGrid<Row extends RowData>({
  table,
  byKey,
  caption,
  captionId,
  busy,
  sort,
  to,
  selection,
  selectAllRef,
  hydrated,
  empty,
}: {
  table: DataTableModel<Row>;
  byKey: ReadonlyMap<string, DataTableColumn<Row>>;
  caption: string;
  captionId: string;
  busy: boolean;
  sort: string;
  to: Linker;
  selection: DataTableSelection<Row> | undefined;
  selectAllRef: RefObject<HTMLInputElement | null>;
  hydrated: boolean;
  /** The empty state, shown in place of the rows when there are none. */
  empty: ReactNode;
}) {
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  return (
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
            {selection ? (
              <SelectAllCell table={table} selectAllRef={selectAllRef} hydrated={hydrated} />
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
            tableRows.map((row) => (
              <BodyRow key={row.id} row={row} byKey={byKey} selection={selection} hydrated={hydrated} />
            ))
          ) : (
            <tr>
              <td colSpan={visibleColumns.length + (selection ? 1 : 0)}>{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
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
  to: Linker;
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

function BodyRow<Row extends RowData>({
  row,
  byKey,
  selection,
  hydrated,
}: {
  row: TableRow<DataTableFeatures, Row>;
  byKey: ReadonlyMap<string, DataTableColumn<Row>>;
  selection: DataTableSelection<Row> | undefined;
  hydrated: boolean;
}) {
  const selected = selection !== undefined && row.getIsSelected();
  return (
    <tr
      data-state={selected ? "selected" : undefined}
      className={cx(
        "hover:bg-slate-50 dark:hover:bg-slate-900/50",
        selected && "bg-primary-50/60 dark:bg-primary-950/30",
      )}
    >
      {selection ? <RowSelectCell row={row} selection={selection} hydrated={hydrated} /> : null}
      {row.getVisibleCells().map((cell) => {
        const own = byKey.get(cell.column.id);
        return own ? (
          <td
            key={cell.id}
            className={cx("px-4 py-3 align-middle", CELL_ALIGN[own.align ?? "start"], own.className)}
          >
            {isolated(own.cell(row.original))}
          </td>
        ) : null;
      })}
    </tr>
  );
}

/**
 * No rows: when searching or filtering, say so and offer to clear them; otherwise the page's own
 * empty state (its title, hint and action).
 */
export function TableEmptyState({
  params,
  filters,
  to,
  emptyTitle,
  emptyHint,
  emptyAction,
}: Pick<DataTableProps<unknown>, "emptyTitle" | "emptyHint" | "emptyAction"> & {
  params: URLSearchParams;
  filters: readonly DataTableFilter[];
  to: Linker;
}) {
  const t = useT();
  const filtered = isFiltered(params, filters);
  // The same list without search and filters.
  const clearTo = to(
    Object.fromEntries([TABLE_PARAMS.q, ...filters.map((f) => f.name)].map((n) => [n, null])),
  );
  return (
    <EmptyState
      title={filtered ? t("ui.table.emptyFiltered") : (emptyTitle ?? t("ui.table.empty"))}
      hint={filtered ? undefined : emptyHint}
      action={
        filtered ? (
          <LinkButton to={clearTo} size="sm">
            {t("ui.table.clearFilters")}
          </LinkButton>
        ) : (
          emptyAction
        )
      }
    />
  );
}
