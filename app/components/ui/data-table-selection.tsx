// Row selection in DataTable: which rows are selected, their checkboxes, and the bar of bulk actions
// over them (a plain action posts with the table's fetcher, a confirmed one through its dialog).
import type { RowData, Row as TableRow, RowSelectionState } from "@tanstack/react-table";
import { X } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { SELECTED_IDS_FIELD } from "../../lib/table-url.ts";
import { Button } from "./button.tsx";
import { Checkbox } from "./checkbox.tsx";
import { isActionFailure } from "./action-failure.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import {
  selectedOnPage,
  selectionState,
  type DataTableFeatures,
  type DataTableModel,
} from "./data-table-model.ts";
import type { DataTableBulkAction, DataTableSelection } from "./data-table-types.ts";
import { useToastFromData } from "./toast.ts";

export type { BulkConfirm, DataTableBulkAction } from "./data-table-types.ts";

export function bulkFields(action: DataTableBulkAction, ids: readonly string[]): Record<string, string> {
  return action.fields ? action.fields(ids) : { intent: action.key, [SELECTED_IDS_FIELD]: ids.join(",") };
}

export type RowSelection = {
  current: RowSelectionState;
  set: (next: RowSelectionState) => void;
  /** Empties the table's own selection (a controlled one is the caller's to empty). */
  clearOwn: () => void;
};

/** The selection: the caller's when controlled, else the table's own, kept for one list (`scope`). */
export function useRowSelection<Row>(
  selection: DataTableSelection<Row> | undefined,
  scope: string,
): RowSelection {
  const [ownSelection, setOwnSelection] = useState<{ scope: string; ids: RowSelectionState }>({
    scope,
    ids: {},
  });
  const current: RowSelectionState = selection?.selectedIds
    ? selectionState(selection.selectedIds)
    : ownSelection.scope === scope
      ? ownSelection.ids
      : {};
  const set = (next: RowSelectionState) => {
    if (!selection?.selectedIds) setOwnSelection({ scope, ids: next });
    selection?.onSelectedIdsChange?.(Object.keys(next).filter((key) => next[key]));
  };
  const clearOwn = () => {
    if (!selection?.selectedIds) setOwnSelection({ scope, ids: {} });
  };
  return { current, set, clearOwn };
}

export type BulkActions = {
  /** The selected rows still on the page, in row order: what the actions act on. */
  selectedIds: string[];
  /** The select-all box, which takes the focus when the bar goes away. */
  selectAllRef: RefObject<HTMLInputElement | null>;
  /** The plain action now running, if any. */
  pendingKey: string | null;
  run: (action: DataTableBulkAction) => void;
  clearSelection: () => void;
};

/** Runs the bulk actions over the selected rows; a success clears the selection (its rows may be gone). */
export function useBulkActions<Row>({
  id,
  selection,
  rowSelection,
  rowIds,
}: {
  id: string;
  selection: DataTableSelection<Row> | undefined;
  rowSelection: RowSelection;
  /** The rows on the page, in order. */
  rowIds: readonly string[];
}): BulkActions {
  const selectedIds = selectedOnPage(rowSelection.current, rowIds);
  const selectAllRef = useRef<HTMLInputElement | null>(null);
  const bulkFetcher = useFetcher({ key: `bulk${id}` });
  const [bulkKey, setBulkKey] = useState<string | null>(null);
  const [seenBulkData, setSeenBulkData] = useState<unknown>(undefined);
  const [clears, setClears] = useState(0);
  useToastFromData(bulkFetcher.data);

  const clearSelection = () => {
    rowSelection.clearOwn();
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
  const run = (action: DataTableBulkAction) => {
    setBulkKey(action.key);
    void bulkFetcher.submit(bulkFields(action, selectedIds), { method: "post", action: action.action });
  };
  return {
    selectedIds,
    selectAllRef,
    pendingKey: bulkFetcher.state !== "idle" ? bulkKey : null,
    run,
    clearSelection,
  };
}

/** The count for assistive technology and, while rows are selected, the bar of bulk actions. */
export function SelectionBar({
  ids,
  actions,
  bulk,
}: {
  ids: readonly string[];
  actions: readonly DataTableBulkAction[];
  bulk: BulkActions;
}) {
  const t = useT();
  return (
    <>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {ids.length > 0 ? t("ui.table.selected", { count: ids.length }) : null}
      </p>
      {ids.length > 0 ? (
        <BulkActionsBar
          ids={ids}
          actions={actions}
          pendingKey={bulk.pendingKey}
          run={bulk.run}
          onDone={bulk.clearSelection}
          onClear={bulk.clearSelection}
        />
      ) : null}
    </>
  );
}

/**
 * Shown while rows are selected: how many, the page's actions, and a way to clear the selection.
 * A plain action posts through `run`; one with `confirm` asks through the ConfirmDialog, which posts
 * and shows the outcome itself.
 */
export function BulkActionsBar({
  ids,
  actions,
  pendingKey,
  run,
  onDone,
  onClear,
}: {
  ids: readonly string[];
  actions: readonly DataTableBulkAction[];
  /** The plain action now running, if any. */
  pendingKey: string | null;
  run: (action: DataTableBulkAction) => void;
  /** A confirmed action succeeded. */
  onDone: () => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <div
      role="group"
      aria-label={t("ui.table.bulkActions")}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-primary-200 bg-primary-50 px-3 py-2 text-sm dark:border-primary-900 dark:bg-primary-950/40"
    >
      <p className="me-2 font-medium text-slate-900 dark:text-white">
        {t("ui.table.selected", { count: ids.length })}
      </p>
      {actions.map((action) => (
        <BulkActionButton
          key={action.key}
          action={action}
          ids={ids}
          pendingKey={pendingKey}
          run={run}
          onDone={onDone}
        />
      ))}
      <Button variant="ghost" size="sm" onClick={onClear} className="ms-auto">
        <X aria-hidden="true" />
        {t("ui.table.clearSelection")}
      </Button>
    </div>
  );
}

function BulkActionButton({
  action,
  ids,
  pendingKey,
  run,
  onDone,
}: {
  action: DataTableBulkAction;
  ids: readonly string[];
  pendingKey: string | null;
  run: (action: DataTableBulkAction) => void;
  onDone: () => void;
}) {
  const content = (
    <>
      {action.icon}
      {action.label}
    </>
  );
  const variant = action.tone === "danger" ? "danger" : "outline";
  if (action.confirm) {
    const texts = action.confirm(ids);
    return (
      <ConfirmDialog
        trigger={content}
        triggerVariant={variant}
        triggerSize="sm"
        tone={action.tone === "danger" ? "danger" : "primary"}
        title={texts.title}
        description={texts.description}
        confirmLabel={texts.confirmLabel}
        action={action.action}
        fields={bulkFields(action, ids)}
        onSuccess={onDone}
      />
    );
  }
  return (
    <Button
      variant={variant}
      size="sm"
      pending={pendingKey === action.key}
      onClick={() => {
        if (pendingKey === null) run(action);
      }}
    >
      {content}
    </Button>
  );
}

/** The header cell's box selecting every selectable row of the page. */
export function SelectAllCell<Row extends RowData>({
  table,
  selectAllRef,
  hydrated,
}: {
  table: DataTableModel<Row>;
  selectAllRef: RefObject<HTMLInputElement | null>;
  hydrated: boolean;
}) {
  const t = useT();
  const allSelected = table.getIsAllPageRowsSelected();
  const someSelected = !allSelected && table.getIsSomePageRowsSelected();
  return (
    <th scope="col" className="w-10 px-4 py-3">
      <Checkbox
        ref={(element: HTMLInputElement | null) => {
          selectAllRef.current = element;
          // "Some selected" exists only as a DOM property, read by assistive technology as mixed.
          if (element) element.indeterminate = someSelected;
        }}
        aria-label={t("ui.table.selectAll")}
        checked={allSelected}
        disabled={!hydrated || !table.getRowModel().rows.some((row) => row.getCanSelect())}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    </th>
  );
}

/** A row's own box, named after the row. */
export function RowSelectCell<Row extends RowData>({
  row,
  selection,
  hydrated,
}: {
  row: TableRow<DataTableFeatures, Row>;
  selection: DataTableSelection<Row>;
  hydrated: boolean;
}) {
  const t = useT();
  return (
    <td className="w-10 px-4 py-3 align-middle">
      <Checkbox
        aria-label={t("ui.table.selectRow", { name: selection.rowLabel(row.original) })}
        checked={row.getIsSelected()}
        disabled={!hydrated || !row.getCanSelect()}
        // React's change event carries the click, so Shift selects a range.
        onChange={row.getToggleSelectedHandler()}
      />
    </td>
  );
}
