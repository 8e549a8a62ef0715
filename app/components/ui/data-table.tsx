// DataTable: a server-driven list (search, filters, sort, pages and hidden columns in the URL), put
// together from its parts: data-table-url.ts (the URL state), -toolbar, -columns-menu, -selection,
// -grid (the table itself) and -pagination; data-table-model.ts is the TanStack model beneath.
import type { RowData } from "@tanstack/react-table";
import { useId } from "react";
import { PAGE_SIZES, readHiddenColumns } from "../../lib/table-url.ts";
import { cx } from "./cx.ts";
import { columnToggles } from "./data-table-columns-menu.tsx";
import { DataTableGrid, TableEmptyState } from "./data-table-grid.tsx";
import { hiddenKeys, useDataTableModel } from "./data-table-model.ts";
import { DataTablePagination, PastEndNotice } from "./data-table-pagination.tsx";
import { SelectionBar, useBulkActions, useRowSelection } from "./data-table-selection.tsx";
import { DataTableToolbar } from "./data-table-toolbar.tsx";
import type { DataTableProps } from "./data-table-types.ts";
import { useTableForm, useTableUrl } from "./data-table-url.ts";
import { useFetcherToasts } from "./toast.ts";
import { useHydrated } from "./use-hydrated.ts";

export type {
  BulkConfirm,
  DataTableBulkAction,
  DataTableColumn,
  DataTableFilter,
  DataTableProps,
  DataTableSelection,
} from "./data-table-types.ts";

// Browser code may import these from here; server code imports app/lib/table-url.ts.
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  TABLE_PARAMS,
  tableUrl,
  type TableUrlChanges,
  type TableUrlValue,
} from "../../lib/table-url.ts";

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
  const hydrated = useHydrated();
  const id = useId();
  const formId = `table-form${id}`;
  // Row actions delete their own row: their toasts arrive after they unmount.
  useFetcherToasts();
  const url = useTableUrl();
  const { formRef, ...form } = useTableForm(url, { search, filters, pageSize });

  const rowSelection = useRowSelection(selection, url.selectionScope);
  const hideable = columns.filter((c) => c.hideable).map((c) => c.key);
  const table = useDataTableModel<Row>({
    columns,
    rows,
    rowKey,
    total,
    page,
    pageSize,
    sort,
    hidden: readHiddenColumns(url.viewParams, hideable),
    selection: rowSelection.current,
    canSelect: selection?.canSelect,
    onColumnVisibilityChange: (visibility) => url.setHidden(hiddenKeys(columns, visibility)),
    onRowSelectionChange: rowSelection.set,
  });
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const rowIds = table.getRowModel().rows.map((row) => row.id);
  const bulk = useBulkActions({ id, selection, rowSelection, rowIds });

  return (
    <div className={cx("flex flex-col gap-3", className)}>
      <PastEndNotice params={url.params} page={page} />
      <DataTableToolbar
        formId={formId}
        formRef={formRef}
        form={form}
        pathname={url.location.pathname}
        params={url.params}
        search={search}
        searchPlaceholder={searchPlaceholder}
        filters={filters}
        columnToggles={columnToggles(table, byKey)}
        hydrated={hydrated}
        exportHref={exportHref}
        actions={actions}
      />
      {selection ? <SelectionBar ids={bulk.selectedIds} actions={selection.actions} bulk={bulk} /> : null}
      <DataTableGrid
        table={table}
        byKey={byKey}
        caption={caption}
        captionId={`table-caption${id}`}
        busy={url.busy}
        sort={sort}
        to={url.to}
        selection={selection}
        selectAllRef={bulk.selectAllRef}
        hydrated={hydrated}
        empty={
          <TableEmptyState
            params={url.params}
            filters={filters}
            to={url.to}
            emptyTitle={emptyTitle}
            emptyHint={emptyHint}
            emptyAction={emptyAction}
          />
        }
      />
      <DataTablePagination
        formId={formId}
        total={total}
        totalCapped={totalCapped}
        page={page}
        pages={Math.max(1, table.getPageCount())}
        pageSize={pageSize}
        pageSizes={pageSizes}
        hydrated={hydrated}
        to={url.to}
        onSizeChange={form.submitNow}
      />
    </div>
  );
}
