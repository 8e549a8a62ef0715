import { useEffect, useEffectEvent } from "react";
import { useFetchers } from "react-router";
import { toast } from "sonner";
import { useTranslateRef } from "../../lib/i18n.tsx";

/** Turns a toast's message (a message reference, or text already translated) into what is shown. */
export type ToastTranslate = (message: string) => string;

export type ToastKind = "success" | "error" | "info" | "warning";

/** What an action returns to get a toast: `return { toast: { kind: "success", message } }`. */
export type ToastMessage = {
  kind: ToastKind;
  message: string;
  /** A stable id: a toast with the same id replaces the one on screen instead of stacking. */
  id?: string;
};

export type WithToast = { toast: ToastMessage };

const KINDS: ReadonlySet<string> = new Set<ToastKind>(["success", "error", "info", "warning"]);

/** `{ toast: { kind, message } }` for an action's return value. */
export function toastData(kind: ToastKind, message: string, id?: string): WithToast {
  return { toast: id ? { kind, message, id } : { kind, message } };
}

/** The toast inside action or fetcher data, or null when there is none (or it is malformed). */
export function readToast(data: unknown): ToastMessage | null {
  if (typeof data !== "object" || data === null || !("toast" in data)) return null;
  const value: unknown = data.toast;
  if (typeof value !== "object" || value === null || !("kind" in value) || !("message" in value)) return null;
  const { kind, message } = value;
  if (typeof kind !== "string" || !KINDS.has(kind) || typeof message !== "string" || message === "")
    return null;
  const id = "id" in value && typeof value.id === "string" ? value.id : undefined;
  return { kind: kind as ToastKind, message, ...(id ? { id } : {}) };
}

// Toasts already shown, by action-result object: re-renders, revalidations and a second watcher of
// the same result (a component and a page-level <FetcherToasts>) never repeat one.
const shown = new WeakSet<object>();

/**
 * Shows the toast in action data unless that very result was shown already. An action's toast message
 * is a message reference (ToastRef, app/lib/forms.ts): `translate` turns it into the reader's language.
 */
export function showToastOnce(data: unknown, translate: ToastTranslate = (message) => message): void {
  const message = readToast(data);
  if (!message || typeof data !== "object" || data === null || shown.has(data)) return;
  shown.add(data);
  toast[message.kind](translate(message.message), message.id ? { id: message.id } : undefined);
}

/**
 * Shows the sonner toast of `useActionData()` / `fetcher.data` once per action result: the
 * result object is the key, so re-renders and revalidations (same object) never repeat it,
 * while a new submission (a new object) shows again. A toast with an id replaces its twin.
 */
export function useToastFromData(data: unknown): void {
  const translate = useTranslateRef();
  const show = useEffectEvent((value: unknown) => showToastOnce(value, translate));
  useEffect(() => show(data), [data]);
}

// Fetcher keys whose component unmounted before the result was in (the user navigated away
// mid-request), and the last data seen per fetcher: a done fetcher whose component is gone
// leaves the router's list in the same update.
const orphans = new Set<string>();
const lastData = new Map<string, unknown>();

/** Hand a running fetcher's toast over to <FetcherToasts> (call it when the component unmounts). */
export function adoptFetcherToast(key: string): void {
  orphans.add(key);
}

/**
 * Shows the toasts of fetchers adopted with adoptFetcherToast once they finish. DataTable runs it
 * (row actions); mount <FetcherToasts /> once in a layout to cover confirm dialogs elsewhere.
 */
export function useFetcherToasts(): void {
  const fetchers = useFetchers();
  const translate = useTranslateRef();
  const show = useEffectEvent((value: unknown) => showToastOnce(value, translate));
  useEffect(() => {
    const present = new Map(fetchers.map((fetcher) => [fetcher.key, fetcher]));
    for (const fetcher of fetchers) if (readToast(fetcher.data)) lastData.set(fetcher.key, fetcher.data);
    for (const key of orphans) {
      const fetcher = present.get(key);
      if (fetcher && fetcher.state !== "idle") continue;
      orphans.delete(key);
      show(fetcher?.data ?? lastData.get(key));
    }
    for (const key of lastData.keys()) if (!present.has(key) && !orphans.has(key)) lastData.delete(key);
  }, [fetchers]);
}

export function FetcherToasts(): null {
  useFetcherToasts();
  return null;
}
