import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef, useState, type ComponentProps } from "react";
import { useT } from "../../lib/i18n.tsx";
import { buttonClasses } from "./button.tsx";
import { cx } from "./cx.ts";
import { UnsavedChangesContext, useDirtyForms } from "./unsaved-changes.tsx";

/**
 * A modal dialog (radix: focus trap, Escape, aria-modal, focus returned on close).
 * <Dialog open onOpenChange><DialogTrigger/><DialogContent><DialogHeader><DialogTitle/>
 * <DialogDescription/></DialogHeader>…<DialogFooter/></DialogContent></Dialog>
 * Dialogs need JavaScript: keep whatever a page cannot live without reachable without one.
 */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [openByItself, setOpenByItself] = useState(defaultOpen);
  const forms = useDirtyForms();
  const change = (next: boolean) => {
    const apply = () => {
      if (open === undefined) setOpenByItself(next);
      onOpenChange?.(next);
    };
    // Closing over a form with unsaved changes asks first (Escape, a click beside it, Cancel, ×).
    if (next) apply();
    else forms.guard(apply);
  };
  return (
    <UnsavedChangesContext.Provider value={forms.registry}>
      <DialogPrimitive.Root open={open ?? openByItself} onOpenChange={change} {...props}>
        {children}
      </DialogPrimitive.Root>
      {forms.prompt}
    </UnsavedChangesContext.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Leave out the × button in the corner (the footer must then offer a way out). */
  hideCloseButton?: boolean;
};

/**
 * Radix gives focus back to a <DialogTrigger> only; a dialog opened otherwise (a button with its own
 * state, a menu item, a link) returns it to whatever had it when the dialog opened — read when the
 * dialog's focus scope mounts, before it moves the focus inside. A handler that prevents the default wins.
 */
export function useFocusReturn(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const returnFocusTo = useRef<Element | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      returnFocusTo.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = returnFocusTo.current;
      if (event.defaultPrevented || !(target instanceof HTMLElement) || !target.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const t = useT();
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cx(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
          "rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          "focus-visible:outline-none",
          className,
        )}
        {...focusReturn}
        {...props}
      >
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            className={buttonClasses({
              variant: "ghost",
              size: "icon",
              className: "absolute end-3 top-3 size-8",
            })}
          >
            <X aria-hidden="true" />
            <span className="sr-only">{t("ui.dialog.close")}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("flex flex-col gap-1.5 pe-8 text-start", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cx("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cx("text-lg leading-tight font-semibold", className)} {...props} />
  );
}

/** Without a description, pass aria-describedby={undefined} to DialogContent (radix warns otherwise). */
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cx("text-sm text-slate-600 dark:text-slate-400", className)}
      {...props}
    />
  );
}
