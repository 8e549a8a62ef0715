import { Ellipsis } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { buttonClasses } from "./button.tsx";
import { cx } from "./cx.ts";

/**
 * A menu of actions (radix: arrow keys, typeahead, Escape, focus return).
 * <DropdownMenu><DropdownMenuTrigger asChild><Button/></DropdownMenuTrigger>
 * <DropdownMenuContent><DropdownMenuItem onSelect/>…</DropdownMenuContent></DropdownMenu>
 * For table rows use <RowActions>. Menus need JavaScript.
 */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = "end",
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cx(
          "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-40 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg",
          "dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClasses = (tone: "default" | "danger") =>
  cx(
    "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none",
    "data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    tone === "danger"
      ? "text-red-700 data-highlighted:bg-red-50 data-highlighted:text-red-800 dark:text-red-400 dark:data-highlighted:bg-red-950 dark:data-highlighted:text-red-300"
      : "data-highlighted:bg-slate-100 dark:data-highlighted:bg-slate-800",
  );

export type DropdownMenuItemProps = ComponentProps<typeof MenuPrimitive.Item> & {
  tone?: "default" | "danger";
};

/** An action. Use onSelect (also fires for Enter / Space). */
export function DropdownMenuItem({ className, tone = "default", ...props }: DropdownMenuItemProps) {
  return <MenuPrimitive.Item className={cx(itemClasses(tone), className)} {...props} />;
}

/** A menu item that navigates (a real link: opens in a new tab with a modifier click). */
export function DropdownMenuLinkItem({ className, children, ...props }: LinkProps) {
  return (
    <MenuPrimitive.Item asChild className={cx(itemClasses("default"), className)}>
      <Link {...props}>{children}</Link>
    </MenuPrimitive.Item>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cx("px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return (
    <MenuPrimitive.Separator
      className={cx("-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-800", className)}
      {...props}
    />
  );
}

export type RowActionsProps = {
  /** What the row is ("Main site key"): the trigger's label reads "Actions for Main site key". */
  label?: string;
  children: ReactNode;
};

/**
 * The "…" menu at the end of a table row. It is non-modal: an item may open a dialog
 * (setOpen(true) in onSelect, with the dialog rendered outside the menu) without the page
 * staying unclickable afterwards (radix-ui/primitives#1241).
 */
export function RowActions({ label, children }: RowActionsProps) {
  const t = useT();
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger
        className={buttonClasses({ variant: "ghost", size: "icon", className: "size-8" })}
      >
        <Ellipsis aria-hidden="true" />
        <span className="sr-only">
          {label ? t("ui.table.rowActions", { name: label }) : t("ui.table.actions")}
        </span>
      </MenuPrimitive.Trigger>
      <DropdownMenuContent>{children}</DropdownMenuContent>
    </MenuPrimitive.Root>
  );
}
