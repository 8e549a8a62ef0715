// Column and filter kinds the studio's list pages share, so that a page's table says only what is its own:
// a number (end-aligned, tabular figures), a moment (in the reader's time zone), a name (in bold); a filter
// of fixed values, and a yes / no one; the "New …" button and an edit / delete actions column.
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import {
  actionsColumn,
  RowAction,
  RowActions,
  RowActionsSeparator,
  type DataTableColumn,
} from "../../components/studio/list-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { DataTableFilter } from "../../components/ui/data-table.tsx";
import { LocalTime } from "../../components/shell/local-time.tsx";

type ColumnOptions = { sortable?: boolean; hideable?: boolean };

/** A number column; `nowrap` keeps a longer value (an amount with its currency) on one line. */
export function numberColumn<Row>(
  key: string,
  header: ReactNode,
  cell: (row: Row) => ReactNode,
  { nowrap = false, ...options }: ColumnOptions & { nowrap?: boolean } = {},
): DataTableColumn<Row> {
  return {
    key,
    header,
    ...options,
    align: "end",
    className: nowrap ? "tabular-nums whitespace-nowrap" : "tabular-nums",
    cell,
  };
}

/** When something happened: the ISO time in the reader's time zone, on one line. */
export function timeColumn<Row>(
  key: string,
  header: ReactNode,
  iso: (row: Row) => string,
  options: ColumnOptions = {},
): DataTableColumn<Row> {
  return {
    key,
    header,
    ...options,
    className: "whitespace-nowrap",
    cell: (row) => <LocalTime iso={iso(row)} />,
  };
}

/** The row's name, in bold. */
export function nameColumn<Row>(
  key: string,
  header: ReactNode,
  name: (row: Row) => ReactNode,
  options: ColumnOptions = {},
): DataTableColumn<Row> {
  return { key, header, ...options, cell: (row) => <span className="font-medium">{name(row)}</span> };
}

/** A filter on the URL parameter `name` offering `values`, each shown as `labelOf` says. */
export function choiceFilter<Value extends string>(
  name: string,
  label: string,
  values: readonly Value[],
  labelOf: (value: Value) => string,
): DataTableFilter {
  return { name, label, options: values.map((value) => ({ value, label: labelOf(value) })) };
}

/** A filter whose URL parameter `name` is "yes" or "no". */
export function yesNoFilter(name: string, label: string, yes: string, no: string): DataTableFilter {
  return {
    name,
    label,
    options: [
      { value: "yes", label: yes },
      { value: "no", label: no },
    ],
  };
}

/** A list page's "New …" button, in its header and in the empty table. */
export function NewButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** What one item of a row's menu says, and what choosing it does with the row. */
type RowChoice<Row, Label = ReactNode> = { label: Label; onSelect: (row: Row) => void };

/**
 * The actions column of rows edited in a dialog and deleted after a confirmation: each row's menu (named
 * by the row's name) offers `edit`, then, past a line, `remove` (whose label may depend on the row).
 */
export function editDeleteColumn<Row extends { name: string }>(
  header: string,
  edit: RowChoice<Row>,
  remove: RowChoice<Row, (row: Row) => ReactNode>,
): DataTableColumn<Row> {
  return actionsColumn<Row>(header, (row) => (
    <RowActions label={row.name}>
      <RowAction icon={Pencil} onSelect={() => edit.onSelect(row)}>
        {edit.label}
      </RowAction>
      <RowActionsSeparator />
      <RowAction icon={Trash2} tone="danger" onSelect={() => remove.onSelect(row)}>
        {remove.label(row)}
      </RowAction>
    </RowActions>
  ));
}
