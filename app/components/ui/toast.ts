import { useEffect, useRef } from "react";
import { toast } from "sonner";

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
 * Shows the sonner toast of `useActionData()` / `fetcher.data` once per action result: the
 * result object is the key, so re-renders and revalidations (same object) never repeat it,
 * while a new submission (a new object) shows again. A toast with an id replaces its twin.
 */
export function useToastFromData(data: unknown): void {
  const shown = useRef<unknown>(undefined);
  useEffect(() => {
    const message = readToast(data);
    if (!message || shown.current === data) return;
    shown.current = data;
    toast[message.kind](message.message, message.id ? { id: message.id } : undefined);
  }, [data]);
}
