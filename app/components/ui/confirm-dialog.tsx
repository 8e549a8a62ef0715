import { useRef, type MouseEvent, type ReactNode, type RefObject } from "react";
import { useT } from "../../lib/i18n.tsx";
import { Button, type ButtonSize, type ButtonVariant } from "./button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./dialog.tsx";
import { FormError } from "./form-error.tsx";
import { useConfirmAction } from "./use-confirm-action.ts";
import { useHydrated } from "./use-hydrated.ts";

export { isActionFailure } from "./action-failure.ts";
export { CONFIRM_FIELD } from "./use-confirm-action.ts";

export type ConfirmDialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The confirm button's text ("Revoke key"); "Confirm" by default. */
  confirmLabel?: ReactNode;
  /** "danger" (default) for destructive actions, "primary" otherwise. */
  tone?: "danger" | "primary";
  /** Where the confirmed submission goes (a route path), how, and its hidden fields. */
  action: string;
  /** Only "post" works without JavaScript (HTML forms know GET and POST): the fallback always posts. */
  method?: "post" | "put" | "patch" | "delete";
  fields?: Record<string, string>;
  /** The trigger button's content. Leave it out to control the dialog with open / onOpenChange (from a menu item). */
  trigger?: ReactNode;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /** The trigger's accessible name when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called once the action succeeded (the dialog then closes). */
  onSuccess?: (data: unknown) => void;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
};

/**
 * Asks before a (destructive) action, then submits `fields` + confirm=1 to `action` with a
 * fetcher: the confirm button shows a spinner, a success closes the dialog and shows the
 * action's toast, a failure keeps it open with the message.
 *
 * Without JavaScript (and before hydration) there is no dialog: the trigger is the submit button
 * of a small POST form carrying the same fields and confirm=1, so it submits directly. The server
 * sees the same payload either way and answers with the page it would show after the action.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  tone = "danger",
  action,
  method = "post",
  fields = {},
  trigger,
  triggerVariant,
  triggerSize = "md",
  triggerLabel,
  triggerClassName,
  open: openProp,
  onOpenChange,
  onSuccess,
  children,
}: ConfirmDialogProps) {
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { fetcher, open, pending, payload, changeOpen, confirm, message } = useConfirmAction({
    action,
    method,
    fields,
    openProp,
    onOpenChange,
    onSuccess,
  });

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    // With JavaScript the trigger opens the dialog instead of submitting its form.
    event.preventDefault();
    changeOpen(true);
  };

  return (
    <>
      {trigger === undefined ? null : (
        <fetcher.Form method="post" action={action} className="contents">
          {Object.entries(payload).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button
            ref={triggerRef}
            type="submit"
            variant={triggerVariant ?? (tone === "danger" ? "danger" : "primary")}
            size={triggerSize}
            className={triggerClassName}
            aria-label={triggerLabel}
            aria-haspopup={hydrated ? "dialog" : undefined}
            aria-expanded={hydrated ? open : undefined}
            onClick={onTriggerClick}
          >
            {trigger}
          </Button>
        </fetcher.Form>
      )}
      <ConfirmDialogBox
        open={open}
        onOpenChange={changeOpen}
        pending={pending}
        triggerRef={triggerRef}
        title={title}
        description={description}
        message={message}
        tone={tone}
        confirmLabel={confirmLabel}
        onConfirm={() => void confirm()}
      >
        {children}
      </ConfirmDialogBox>
    </>
  );
}

/** The dialog itself: the question, the failure if any, Cancel and the confirm button. */
function ConfirmDialogBox({
  open,
  onOpenChange,
  pending,
  triggerRef,
  title,
  description,
  message,
  tone,
  confirmLabel,
  onConfirm,
  children,
}: Pick<ConfirmDialogProps, "title" | "description" | "confirmLabel" | "children"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  message: string | null;
  tone: "danger" | "primary";
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        hideCloseButton
        {...(description ? {} : { "aria-describedby": undefined })}
        onInteractOutside={(event) => {
          // An accidental click beside the dialog must not cancel a running action.
          if (pending) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (pending) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a <Dialog.Trigger>; ours is a submit button, so do it here.
          if (triggerRef.current?.isConnected) {
            event.preventDefault();
            triggerRef.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
        {message ? <FormError>{message}</FormError> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("ui.confirm.cancel")}</Button>
          </DialogClose>
          <Button variant={tone === "danger" ? "danger" : "primary"} pending={pending} onClick={onConfirm}>
            {confirmLabel ?? t("ui.confirm.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
