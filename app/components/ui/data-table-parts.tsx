// The opt-in pieces of DataTable: the "Columns" menu (which columns are shown) and the bar of bulk
// actions over the selected rows.
import { Check, Columns3, X } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n.tsx";
import { SELECTED_IDS_FIELD } from "../../lib/table-url.ts";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { cx } from "./cx.ts";
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

export function bulkFields(action: DataTableBulkAction, ids: readonly string[]): Record<string, string> {
  return action.fields ? action.fields(ids) : { intent: action.key, [SELECTED_IDS_FIELD]: ids.join(",") };
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
      {actions.map((action) => {
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
              key={action.key}
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
            key={action.key}
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
      })}
      <Button variant="ghost" size="sm" onClick={onClear} className="ms-auto">
        <X aria-hidden="true" />
        {t("ui.table.clearSelection")}
      </Button>
    </div>
  );
}
