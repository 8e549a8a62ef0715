// Column visibility: the "Columns" menu, listing the columns people may hide (kept in the URL as
// `hide=key`), and the toggles it is built from.
import type { RowData } from "@tanstack/react-table";
import { Check, Columns3 } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";
import { cx } from "./cx.ts";
import type { DataTableModel } from "./data-table-model.ts";
import type { DataTableColumn } from "./data-table-types.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";

export type ColumnToggle = {
  key: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
};

/** The name of a column in the "Columns" menu. */
function columnLabel<Row>(column: DataTableColumn<Row> | undefined): string {
  if (!column) return "";
  if (column.label) return column.label;
  return typeof column.header === "string" ? column.header : column.key;
}

/** One toggle per column that may be hidden, in column order (none: no menu). */
export function columnToggles<Row extends RowData>(
  table: DataTableModel<Row>,
  byKey: ReadonlyMap<string, DataTableColumn<Row>>,
): ColumnToggle[] {
  return table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide())
    .map((column) => ({
      key: column.id,
      label: columnLabel(byKey.get(column.id)),
      visible: column.getIsVisible(),
      toggle: (visible: boolean) => column.toggleVisibility(visible),
    }));
}

/**
 * A menu of checkbox items, one per column that may be hidden (radix: arrow keys, Space / Enter
 * toggle, Escape closes and returns focus). It stays open while toggling, to hide several at once.
 */
export function ColumnsMenu({ columns, disabled }: { columns: readonly ColumnToggle[]; disabled: boolean }) {
  const t = useT();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="outline" disabled={disabled}>
          <Columns3 aria-hidden="true" />
          {t("ui.table.columns")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t("ui.table.columnsMenu")}</DropdownMenuLabel>
        {columns.map((column) => (
          <MenuPrimitive.CheckboxItem
            key={column.key}
            checked={column.visible}
            onCheckedChange={(checked) => column.toggle(checked === true)}
            onSelect={(event) => event.preventDefault()}
            className={cx(
              "relative flex cursor-default items-center gap-2 rounded-sm py-1.5 ps-8 pe-2 text-sm outline-none select-none",
              "data-highlighted:bg-slate-100 dark:data-highlighted:bg-slate-800",
            )}
          >
            <span className="absolute start-2 flex size-4 items-center justify-center">
              <MenuPrimitive.ItemIndicator>
                <Check aria-hidden="true" className="size-4" />
              </MenuPrimitive.ItemIndicator>
            </span>
            {column.label}
          </MenuPrimitive.CheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
