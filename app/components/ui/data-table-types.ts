// The props of DataTable and of its parts (re-exported from data-table.tsx, where pages import them).
import type { ReactNode } from "react";
import type { SelectOption } from "./select.tsx";

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

/** What a bulk action asks before it runs (destructive actions). */
export type BulkConfirm = { title: ReactNode; description?: ReactNode; confirmLabel?: ReactNode };

/** An action over the selected rows, posted to a route like any form. */
export type DataTableBulkAction = {
  /** Stable key; also the default `intent` field. */
  key: string;
  label: string;
  icon?: ReactNode;
  tone?: "default" | "danger";
  /** The route the selection is posted to. */
  action: string;
  /**
   * The posted fields for the selected ids; by default `{ intent: key, ids: "id1,id2" }`
   * (read them on the server with readSelectedIds from app/lib/table-url.ts).
   */
  fields?: (ids: readonly string[]) => Record<string, string>;
  /** Ask first through the ConfirmDialog, with these texts for this selection. */
  confirm?: (ids: readonly string[]) => BulkConfirm;
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
