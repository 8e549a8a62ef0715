// A form with changes nobody saved asks before they are thrown away: closing its dialog, following a
// link in the app, or leaving the page (the browser's own question).
import { Dialog as DialogPrimitive } from "radix-ui";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useBlocker } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";
import { cx } from "./cx.ts";

type Registry = { setDirty: (formId: string, dirty: boolean) => void };

/** Provided by <Dialog>: the forms inside say whether they hold unsaved changes. */
export const UnsavedChangesContext = createContext<Registry | null>(null);

/**
 * The state of a Dialog's forms: `guard(change)` runs `change` at once, or after the user agreed to
 * discard when a form inside is dirty.
 */
export function useDirtyForms() {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<(() => void) | null>(null);
  const registry = useMemo<Registry>(
    () => ({
      setDirty: (formId, dirty) =>
        setDirtyForms((current) => {
          if (current.has(formId) === dirty) return current;
          const next = new Set(current);
          if (dirty) next.add(formId);
          else next.delete(formId);
          return next;
        }),
    }),
    [],
  );
  return {
    registry,
    guard(change: () => void) {
      if (dirtyForms.size === 0) change();
      else setPending(() => change);
    },
    prompt: (
      <DiscardChangesPrompt
        open={pending !== null}
        onKeep={() => setPending(null)}
        onDiscard={() => {
          pending?.();
          setPending(null);
          setDirtyForms(new Set());
        }}
      />
    ),
  };
}

/**
 * Reports a form's unsaved changes: to the dialog around it (which then asks before closing), to
 * in-app navigation (blocked until the user agrees) and to the browser (beforeunload).
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const formId = useId();
  const registry = useContext(UnsavedChangesContext);
  useEffect(() => {
    if (!registry) return;
    registry.setDirty(formId, dirty);
    return () => registry.setDirty(formId, false);
  }, [registry, dirty, formId]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return (
    <DiscardChangesPrompt
      open={blocker.state === "blocked"}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/** "Discard your changes?": keeping is the default (and what Escape does). */
export function DiscardChangesPrompt({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  const keepRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? null : onKeep())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <DialogPrimitive.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            // Keeping is the safe answer; the field being edited gets the focus back afterwards.
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            keepRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Kept: back to the field. Discarded: the form is going away, and what closes it decides.
            event.preventDefault();
            if (returnTo.current?.isConnected) returnTo.current.focus();
          }}
          className={cx(
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4",
            "rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          )}
        >
          <DialogPrimitive.Title className="text-lg leading-tight font-semibold">
            {t("ui.unsaved.title")}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-slate-600 dark:text-slate-400">
            {t("ui.unsaved.description")}
          </DialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="danger"
              onClick={() => {
                returnTo.current = null;
                onDiscard();
              }}
            >
              {t("ui.unsaved.discard")}
            </Button>
            <Button ref={keepRef} variant="secondary" onClick={onKeep}>
              {t("ui.unsaved.keep")}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
