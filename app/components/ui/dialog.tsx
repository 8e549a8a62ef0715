import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useT } from "../../lib/i18n.tsx";
import { buttonClasses } from "./button.tsx";
import { cx } from "./cx.ts";

/**
 * A modal dialog (radix: focus trap, Escape, aria-modal, focus returned on close).
 * <Dialog open onOpenChange><DialogTrigger/><DialogContent><DialogHeader><DialogTitle/>
 * <DialogDescription/></DialogHeader>…<DialogFooter/></DialogContent></Dialog>
 * Dialogs need JavaScript: keep whatever a page cannot live without reachable without one.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Leave out the × button in the corner (the footer must then offer a way out). */
  hideCloseButton?: boolean;
};

export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  ...props
}: DialogContentProps) {
  const t = useT();
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
