import { useEffect, useEffectEvent } from "react";
import { useFetchers, useLocation } from "react-router";
import { toast } from "sonner";
import { isActionResult } from "../../lib/forms.ts";
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

/**
 * Shows a toast. Its id is the one given, else its kind and text: the same message again replaces the
 * one on screen instead of stacking a twin under it.
 */
export function showToast(kind: ToastKind, text: string, id?: string): void {
  toast[kind](text, { id: id ?? `${kind}:${text}` });
}

/**
 * Whether the refusal in action data is one its form shows beside its fields or above them: an
 * ActionResult whose result is an error carries the same reason there, so a toast would only repeat it.
 */
export function refusalShownInline(data: unknown): boolean {
  return isActionResult(data) && data.result.status === "error" && readToast(data)?.kind === "error";
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
  showToast(message.kind, translate(message.message), message.id);
}

/**
 * Shows the sonner toast of `useActionData()` / `fetcher.data` once per action result: the
 * result object is the key, so re-renders and revalidations (same object) never repeat it,
 * while a new submission (a new object) shows again. A toast with the same id or text replaces its twin.
 */
export function useToastFromData(
  data: unknown,
  options: {
    /** The caller's form shows the result's errors (FormError, field errors): refusals are not toasted. */
    errorsShownInline?: boolean;
  } = {},
): void {
  const translate = useTranslateRef();
  const show = useEffectEvent((value: unknown) => {
    if (options.errorsShownInline && refusalShownInline(value)) return;
    showToastOnce(value, translate);
  });
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

/** Where toasts start: below the page header (its user menu and switchers stay free), top right. */
export const TOAST_TOP = "calc(var(--toast-top, 0px) + 12px)";

/**
 * Keeps `--toast-top` (read by TOAST_TOP) at the bottom of the page's header as it is on screen: it wraps
 * on a narrow screen, has the impersonation banner above it in the studio (both change with the page),
 * and scrolls away (then toasts move up to the top).
 */
export function useToastsBelowHeader(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const root = document.documentElement;
    const header = document.querySelector("header");
    if (!header) {
      root.style.removeProperty("--toast-top");
      return;
    }
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = `${Math.max(0, Math.ceil(header.getBoundingClientRect().bottom))}px`;
        // Written only when it moved: a custom property on <html> restyles the whole page.
        if (root.style.getPropertyValue("--toast-top") !== top) root.style.setProperty("--toast-top", top);
      });
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(header);
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [pathname]);
}
