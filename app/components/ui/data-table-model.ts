// The TanStack Table model under DataTable, in manual mode: the route's loader has already searched,
// filtered, sorted and paged the rows (from the URL), so the table only describes them: which column
// is sorted, how many pages there are, which columns are hidden, which rows are selected.
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Table,
  type TableOptions,
} from "@tanstack/react-table";
import { useState } from "react";
import { splitSort } from "../../lib/table-url.ts";

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableModel<Row extends RowData> = Table<DataTableFeatures, Row>;

/** The parts of a DataTable column the model needs (see DataTableColumn). */
export type ModelColumn = {
  key: string;
  sortable?: boolean;
  sortKey?: string;
  hideable?: boolean;
};

/**
 * Column definitions for TanStack: the ids are the column keys. They carry no renderers: DataTable
 * renders each cell with its column's own `cell`, so the definitions stay the same from one render to
 * the next (see columnSignature) while the page's render functions are always the current ones.
 */
export function columnDefs<Row extends RowData>(
  columns: readonly ModelColumn[],
): ColumnDef<DataTableFeatures, Row, unknown>[] {
  return columns.map((column) => ({
    id: column.key,
    enableSorting: column.sortable === true,
    enableHiding: column.hideable === true,
  }));
}

/** What the column definitions depend on: recompute them only when this changes. */
export function columnSignature(columns: readonly ModelColumn[]): string {
  return JSON.stringify(columns.map((c) => [c.key, c.sortable === true, c.hideable === true]));
}

/** The URL's `sort` ("-createdAt") as TanStack sorting state, on the column whose sort key it is. */
export function sortingState(columns: readonly ModelColumn[], sort: string): SortingState {
  const { key, desc } = splitSort(sort);
  const column = columns.find((c) => c.sortable && (c.sortKey ?? c.key) === key);
  return column ? [{ id: column.key, desc }] : [];
}

/** Hidden column keys → TanStack visibility state (only an explicit false hides a column). */
export function visibilityState(hidden: readonly string[]): ColumnVisibilityState {
  return Object.fromEntries(hidden.map((key) => [key, false]));
}

/** TanStack visibility state → the hidden keys among the hideable columns, in column order. */
export function hiddenKeys(columns: readonly ModelColumn[], visibility: ColumnVisibilityState): string[] {
  return columns.filter((c) => c.hideable && visibility[c.key] === false).map((c) => c.key);
}

/** Selected ids → TanStack selection state. */
export function selectionState(ids: readonly string[]): RowSelectionState {
  return Object.fromEntries(ids.map((id) => [id, true as const]));
}

/**
 * The selected ids among the rows on this page, in row order: selection state can still hold the id
 * of a row that is gone (deleted, or filtered out), and a bulk action acts only on what is shown.
 */
export function selectedOnPage(selection: RowSelectionState, rowIds: readonly string[]): string[] {
  return rowIds.filter((id) => selection[id] === true);
}

export type DataTableModelInput<Row extends RowData> = {
  columns: readonly ModelColumn[];
  defs: ColumnDef<DataTableFeatures, Row, unknown>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  hidden: readonly string[];
  selection: RowSelectionState;
  canSelect?: (row: Row) => boolean;
  onColumnVisibilityChange: (visibility: ColumnVisibilityState) => void;
  onRowSelectionChange: (selection: RowSelectionState) => void;
};

/**
 * The table options: every slice of state is controlled (the URL owns sort, page and hidden columns,
 * the caller owns the selection), every processing stage is manual (the server did it).
 */
export function dataTableOptions<Row extends RowData>(
  input: DataTableModelInput<Row>,
): TableOptions<DataTableFeatures, Row> {
  const state = {
    sorting: sortingState(input.columns, input.sort),
    pagination: { pageIndex: Math.max(0, input.page - 1), pageSize: input.pageSize },
    columnVisibility: visibilityState(input.hidden),
    rowSelection: input.selection,
  };
  const { canSelect } = input;
  return {
    features: dataTableFeatures,
    columns: input.defs,
    // TanStack takes a mutable array type but does not change it.
    data: input.rows as Row[],
    getRowId: (row) => input.rowKey(row),
    manualSorting: true,
    manualPagination: true,
    rowCount: input.total,
    enableRowSelection: canSelect ? (row) => canSelect(row.original) : true,
    // Shift-click ranges: only within the page, which is all the table has.
    enableRowRangeSelection: true,
    state,
    onSortingChange: () => {
      // Sorting is a link to the next URL; the table never changes it itself.
    },
    onPaginationChange: () => {
      // Paging is a link to the next URL as well.
    },
    onColumnVisibilityChange: (updater) =>
      input.onColumnVisibilityChange(
        typeof updater === "function" ? updater(state.columnVisibility) : updater,
      ),
    onRowSelectionChange: (updater) =>
      input.onRowSelectionChange(typeof updater === "function" ? updater(state.rowSelection) : updater),
  };
}

/**
 * The TanStack table for DataTable. Column definitions depend only on keys and flags: they are kept
 * across renders (a stable model input) and rebuilt when the signature changes.
 */
export function useDataTableModel<Row extends RowData>(input: Omit<DataTableModelInput<Row>, "defs">) {
  const signature = columnSignature(input.columns);
  const [defsCache, setDefsCache] = useState(() => ({ signature, defs: columnDefs<Row>(input.columns) }));
  let defs = defsCache.defs;
  if (defsCache.signature !== signature) {
    defs = columnDefs<Row>(input.columns);
    setDefsCache({ signature, defs });
  }
  return useTable<DataTableFeatures, Row>(dataTableOptions({ ...input, defs }));
}
