// The search field's suggestions while typing: films and cinemas from /search/suggest, as a WAI-ARIA 1.2
// combobox (the focus stays in the text box; the arrow keys move through the list, Enter opens the
// chosen page, Escape closes; a live region says how many there are). Until the page is hydrated, and
// without JavaScript, it is a plain text field of the GET form, whose results page does the same.
// Small on purpose: no popover library on the public pages.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useT } from "../../lib/i18n.tsx";

type Suggestion = { kind: "film" | "cinema"; label: string; detail: string | null; path: string };

/** Waits for a pause in typing before asking. */
const DEBOUNCE_MS = 150;
const MIN_LETTERS = 2;
/** The form's fields the suggested pages keep (the place and the day). */
const KEPT_FIELDS = ["city", "date", "near"];

function suggestUrl(input: HTMLInputElement): string {
  const params = new URLSearchParams({ q: input.value.trim() });
  const form = input.form ? new FormData(input.form) : null;
  for (const name of KEPT_FIELDS) {
    const value = form?.get(name);
    if (typeof value === "string" && value.trim()) params.set(name, value.trim());
  }
  const lang = new URLSearchParams(window.location.search).get("lang");
  if (lang) params.set("lang", lang);
  return `/search/suggest?${params}`;
}

/** The suggestions for the text typed, fetched after a pause; older answers are dropped. */
function useSuggestions() {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function ask(input: HTMLInputElement) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (input.value.trim().length < MIN_LETTERS) return setSuggestions(null);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      fetch(suggestUrl(input), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: Suggestion[] }>) : null))
        .then((body) => setSuggestions(body?.suggestions ?? null))
        // An aborted or failed request leaves the plain search field: the form still works.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
  }
  return { suggestions, ask, clear: () => setSuggestions(null) };
}

export function FilmCombobox(props: { id: string; name: string; defaultValue: string; placeholder: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listId = useId();
  const { suggestions, ask, clear } = useSuggestions();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = suggestions ?? [];
  const expanded = open && shown.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function choose(suggestion: Suggestion) {
    setOpen(false);
    clear();
    void navigate(suggestion.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown.length) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((index) =>
        !open ? (step > 0 ? 0 : shown.length - 1) : (index + step + shown.length) % shown.length,
      );
    } else if (event.key === "Enter" && expanded && shown[active]) {
      // Choosing opens the page; Enter without a chosen suggestion submits the form (the results page).
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const input = (
    <input
      id={props.id}
      name={props.name}
      type="search"
      defaultValue={props.defaultValue}
      placeholder={props.placeholder}
      autoComplete="off"
      maxLength={200}
      className="w-full rounded-md border border-slate-500 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-950"
      {...(hydrated && {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
        onInput: (event: { currentTarget: HTMLInputElement }) => {
          setOpen(true);
          setActive(-1);
          ask(event.currentTarget);
        },
        onKeyDown,
        onBlur: () => setOpen(false),
      })}
    />
  );
  // The same element before and after hydration, so that text typed meanwhile stays.
  return (
    <div className="relative">
      {input}
      {hydrated ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label={t("home.suggestions")}
            hidden={!expanded}
            // Keeps the focus in the text box when an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
          >
            {shown.map((suggestion, index) => (
              <li
                key={suggestion.path}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onClick={() => choose(suggestion)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
                  index === active
                    ? "bg-primary-100 dark:bg-primary-900"
                    : "hover:bg-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                <span className="font-medium">{suggestion.label}</span>
                <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                  {t(suggestion.kind === "film" ? "home.suggestionKind.film" : "home.suggestionKind.cinema")}
                  {suggestion.detail ? ` · ${suggestion.detail}` : null}
                </span>
              </li>
            ))}
          </ul>
          <div role="status" aria-live="polite" className="sr-only">
            {open && suggestions ? t("home.suggestionCount", { count: shown.length }) : ""}
          </div>
        </>
      ) : null}
    </div>
  );
}
