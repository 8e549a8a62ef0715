// Where a Combobox's options come from: a short list filtered on the client, or a URL asked for each
// typed text.
import { useEffect, useState } from "react";

export type ComboboxOption = {
  value: string;
  label: string;
  hint?: string;
  /** The language and direction the label is written in, when not the page's (a language's own name). */
  lang?: string;
  dir?: "ltr" | "rtl";
};

/** The options for the typed text: still loading, failed, or here. */
export type Load = { state: "idle" | "loading" | "error" } | { state: "done"; options: ComboboxOption[] };

const SEARCH_DELAY_MS = 200;

/** Case- and accent-insensitive "contains", for client-side lists. */
function matches(option: ComboboxOption, query: string) {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  return fold(`${option.label} ${option.hint ?? ""}`).includes(fold(query.trim()));
}

export const containsFilter = (options: readonly ComboboxOption[], query: string) =>
  options.filter((option) => matches(option, query));

/** Options from `source` for the typed text: debounced, the previous request aborted. */
export function useRemoteOptions(source: string | undefined, query: string, open: boolean): Load {
  const key = source
    ? `${source}${source.includes("?") ? "&" : "?"}q=${encodeURIComponent(query.trim())}`
    : "";
  // The answer remembers which request it answers: anything else is still loading.
  const [answer, setAnswer] = useState<{ key: string; load: Load }>({ key: "", load: { state: "idle" } });
  useEffect(() => {
    if (!key || !open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(key, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { options?: ComboboxOption[] };
        setAnswer({ key, load: { state: "done", options: body.options ?? [] } });
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn("combobox options failed", error);
          setAnswer({ key, load: { state: "error" } });
        }
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, open]);
  return answer.key === key ? answer.load : { state: "loading" };
}
