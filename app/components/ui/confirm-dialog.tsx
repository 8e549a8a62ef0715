import { useEffect, useEffectEvent, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { isActionResult } from "../../lib/forms.ts";
import { useT, useTranslateRef } from "../../lib/i18n.tsx";
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
import { adoptFetcherToast, readToast, showToastOnce, useToastFromData } from "./toast.ts";
import { useHydrated } from "./use-hydrated.ts";

/** The field every confirmed submission carries, with and without JavaScript. */
export const CONFIRM_FIELD = "confirm";

/**
 * Whether action data reports a failure: `{ ok: false }`, an `error` / `formError` message,
 * field `errors`, or an error toast. Anything else (including no data, after a redirect) is success.
 */
export function isActionFailure(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  if (isActionResult(data)) return data.result.status === "error";
  if ("ok" in data && data.ok === false) return true;
  if ("error" in data && data.error) return true;
  if ("formError" in data && data.formError) return true;
  if ("errors" in data && data.errors) return true;
  return readToast(data)?.kind === "error";
}

/** The message to show for a failed action (a message reference, or text). */
function failureMessage(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  if (isActionResult(data)) {
    const errors = data.result.error ?? {};
    const first = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
    if (first) return first;
  }
  for (const key of ["formError", "error"] as const) {
    if (key in data) {
      const value: unknown = (data as Record<string, unknown>)[key];
      if (typeof value === "string" && value) return value;
    }
  }
  const toast = readToast(data);
  return toast?.kind === "error" ? toast.message : null;
}

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
  const t = useT();
  const translate = useTranslateRef();
  const hydrated = useHydrated();
  const baseKey = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [ownOpen, setOwnOpen] = useState(false);
  const requestedOpen = openProp ?? ownOpen;
  // One "session" per opening: a fresh fetcher key (an old failure is not shown again when the
  // dialog reopens) and whether this session's submission has completed.
  const [session, setSession] = useState({ open: requestedOpen, attempt: 0, completed: false });
  if (session.open !== requestedOpen) {
    setSession(
      requestedOpen
        ? { open: true, attempt: session.attempt + 1, completed: false }
        : { ...session, open: false },
    );
  }
  const fetcherKey = `confirm${baseKey}${session.attempt}`;
  const fetcher = useFetcher({ key: fetcherKey });
  // Whether a submission is running whose outcome this component has not seen yet.
  const awaiting = useRef(false);

  const pending = fetcher.state !== "idle";
  const failed = session.completed && !pending && isActionFailure(fetcher.data);
  const succeeded = session.completed && !pending && !failed;
  const open = requestedOpen && !succeeded;
  if (succeeded && ownOpen) setOwnOpen(false);

  const notifySuccess = useEffectEvent((data: unknown) => {
    onSuccess?.(data);
    onOpenChange?.(false);
  });
  useEffect(() => {
    if (succeeded) notifySuccess(fetcher.data);
    if (succeeded || failed) awaiting.current = false;
  }, [succeeded, failed, fetcher.data]);

  // The action's result arrives before the revalidation that may remove this component (the row
  // it deletes): remember it, and show its toast on the way out if the dialog could not.
  const latestData = useRef<unknown>(undefined);
  useEffect(() => {
    latestData.current = fetcher.data;
  }, [fetcher.data]);
  useEffect(
    () => () => {
      if (!awaiting.current) return;
      if (latestData.current !== undefined) showToastOnce(latestData.current);
      else adoptFetcherToast(fetcherKey); // still running: <FetcherToasts> shows it when done
    },
    [fetcherKey],
  );

  useToastFromData(succeeded ? fetcher.data : undefined);

  const changeOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const payload = { ...fields, [CONFIRM_FIELD]: "1" };

  const confirm = async () => {
    const attempt = session.attempt;
    setSession((s) => ({ ...s, completed: false }));
    awaiting.current = true;
    try {
      await fetcher.submit(payload, { method, action });
    } finally {
      setSession((s) => (s.attempt === attempt ? { ...s, completed: true } : s));
    }
  };

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    // With JavaScript the trigger opens the dialog instead of submitting its form.
    event.preventDefault();
    changeOpen(true);
  };

  const failure = failed ? failureMessage(fetcher.data) : null;
  const message = failed ? (failure ? translate(failure) : t("ui.confirm.failed")) : null;

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
      <Dialog open={open} onOpenChange={changeOpen}>
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
            <Button
              variant={tone === "danger" ? "danger" : "primary"}
              pending={pending}
              onClick={() => void confirm()}
            >
              {confirmLabel ?? t("ui.confirm.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
