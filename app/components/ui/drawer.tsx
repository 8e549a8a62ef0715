import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { useT } from "../../lib/i18n.tsx";
import { buttonClasses } from "./button.tsx";
import { cx, focusRing } from "./cx.ts";
import { useFocusReturn } from "./dialog.tsx";

/**
 * A modal side sheet: the dialog's mechanics (radix: focus trapped and returned to what opened it,
 * Escape and the × close it, aria-modal, labelled by its title) in a panel along the end edge whose
 * body scrolls while the title stays in view.
 * <Drawer open onOpenChange><DrawerContent title="…" description="…">…</DrawerContent></Drawer>
 * Drawers need JavaScript: keep whatever a page cannot live without reachable without one.
 */
export const Drawer = DialogPrimitive.Root;
export const DrawerTrigger = DialogPrimitive.Trigger;
export const DrawerClose = DialogPrimitive.Close;

export type DrawerContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  /** The heading that names the drawer (its accessible name). */
  title: ReactNode;
  /** A line under the title that describes the drawer; without it, none is announced. */
  description?: ReactNode;
  /** Buttons kept at the bottom, outside the scrolling body. */
  footer?: ReactNode;
};

export function DrawerContent({
  title,
  description,
  footer,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DrawerContentProps) {
  const t = useT();
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cx(
          "fixed inset-y-0 end-0 z-50 flex h-dvh w-full max-w-md flex-col",
          "border-s border-slate-200 bg-white text-slate-900 shadow-xl dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          "focus-visible:outline-none",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...focusReturn}
        {...props}
      >
        <div className="flex items-start gap-3 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
          <div className="min-w-0 flex-1 space-y-1">
            <DialogPrimitive.Title className="text-lg leading-tight font-semibold">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-slate-600 dark:text-slate-400">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            className={buttonClasses({ variant: "ghost", size: "icon", className: "size-8" })}
          >
            <X aria-hidden="true" />
            <span className="sr-only">{t("ui.dialog.close")}</span>
          </DialogPrimitive.Close>
        </div>
        {/* The body scrolls on its own; tabindex lets keyboard users scroll it too. */}
        <div
          className={cx("min-h-0 flex-1 overflow-y-auto px-6 py-4", focusRing)}
          tabIndex={0}
          data-drawer-body=""
        >
          {children}
        </div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end dark:border-slate-800">
            {footer}
          </div>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
