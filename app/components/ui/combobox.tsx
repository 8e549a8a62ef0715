import { Check, ChevronDown, X } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { controlClasses } from "./input.tsx";

export type ComboboxOption = {
  value: string;
  label: string;
  hint?: string;
  /** The language and direction the label is written in, when not the page's (a language's own name). */
  lang?: string;
  dir?: "ltr" | "rtl";
};

export type ComboboxProps = {
  /** The form field: a hidden input carries the chosen option's value ("" when none). */
  name: string;
  /** Options to filter on the client (short lists). */
  options?: readonly ComboboxOption[];
  /** A URL answering `{ options: ComboboxOption[] }` for `?q=<typed text>` (long lists). */
  source?: string;
  defaultOption?: ComboboxOption | null;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  onChange?: (option: ComboboxOption | null) => void;
  /** The client-side options matching the typed text, best first (default: label or hint contains it). */
  filter?: (options: readonly ComboboxOption[], query: string) => readonly ComboboxOption[];
  /**
   * false: there is always a choice (a language). No clear button; typing searches without dropping the
   * choice, which Escape or leaving the box restores; focusing selects the text, so typing replaces it.
   */
  clearable?: boolean;
  /** The list's accessible name (default "Suggestions"). */
  listLabel?: string;
  /** "sm": the height of a toolbar's controls (a header). */
  size?: "md" | "sm";
  className?: string;
};

type Load = { state: "idle" | "loading" | "error" } | { state: "done"; options: ComboboxOption[] };

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

const containsFilter = (options: readonly ComboboxOption[], query: string) =>
  options.filter((option) => matches(option, query));

/** Options from `source` for the typed text: debounced, the previous request aborted. */
function useRemoteOptions(source: string | undefined, query: string, open: boolean): Load {
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

/**
 * A text box that suggests options as you type (the WAI-ARIA combobox pattern: arrow keys move,
 * Enter chooses, Escape closes; the focus stays in the text box). Inside a <Field> it gets the
 * label, hint and error wiring. Leaving it with text that is not an option restores the choice.
 */
export function Combobox({
  name,
  options,
  source,
  defaultOption = null,
  placeholder,
  disabled,
  required,
  onChange,
  filter = containsFilter,
  clearable = true,
  listLabel,
  size = "md",
  className,
  ...aria
}: ComboboxProps) {
  const t = useT();
  const field = useFieldControl({ required, ...aria });
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<ComboboxOption | null>(defaultOption);
  const [query, setQuery] = useState(defaultOption?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  // The chosen option's name stands for "no search yet": every option is shown.
  const searched = query === selected?.label ? "" : query;
  const remote = useRemoteOptions(source, searched, open);
  const load: Load = source ? remote : { state: "done", options: [...filter(options ?? [], searched)] };
  const shown = load.state === "done" ? load.options : [];

  // The option moved to with the arrow keys (or the chosen one, on opening) stays in view in a long
  // list: the list scrolls, never the page; on opening, once the popover has placed the list.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const box = listRef.current?.parentElement;
      const item = listRef.current?.children[active];
      if (!box || !item) return;
      const itemRect = item.getBoundingClientRect();
      const boxRect = box.getBoundingClientRect();
      if (itemRect.top < boxRect.top) box.scrollTop -= boxRect.top - itemRect.top;
      else if (itemRect.bottom > boxRect.bottom) box.scrollTop += itemRect.bottom - boxRect.bottom;
    });
    return () => cancelAnimationFrame(frame);
  }, [open, active]);

  function choose(option: ComboboxOption | null) {
    setSelected(option);
    setQuery(option?.label ?? "");
    setOpen(false);
    onChange?.(option);
  }

  /** Opens the list on the chosen option when it is among those shown (else on the first). */
  function openList() {
    if (open) return;
    const index = searched ? -1 : shown.findIndex((option) => option.value === selected?.value);
    setActive(Math.max(index, 0));
    setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0));
    } else if (event.key === "Enter" && open) {
      // Choosing must not submit the form.
      event.preventDefault();
      if (shown[active]) choose(shown[active]);
    } else if (event.key === "Escape" && !clearable && selected && query !== selected.label) {
      // The popover may have closed on this Escape already (radix listens on the document first).
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setQuery(selected.label);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Home" || event.key === "End") {
      if (open && shown.length) {
        event.preventDefault();
        setActive(event.key === "Home" ? 0 : shown.length - 1);
      }
    }
  }

  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <PopoverPrimitive.Root open={open && !disabled} onOpenChange={setOpen}>
      <PopoverPrimitive.Anchor asChild>
        <div className={cx("relative", className)}>
          <input type="hidden" name={name} value={selected?.value ?? ""} />
          <input
            ref={inputRef}
            {...field}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open && shown.length ? listId : undefined}
            aria-activedescendant={activeId}
            placeholder={placeholder}
            disabled={disabled}
            value={query}
            // The chosen option's name is read in its own language.
            lang={searched ? undefined : selected?.lang}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setOpen(true);
              if (selected && clearable) {
                setSelected(null);
                onChange?.(null);
              }
            }}
            onKeyDown={onKeyDown}
            onFocus={(event) => {
              if (!clearable) event.currentTarget.select();
            }}
            onClick={(event) => {
              // A click puts the caret: select the chosen name again, so typing replaces it.
              if (!clearable && !searched) event.currentTarget.select();
              openList();
            }}
            onBlur={() => {
              // Text that is not a choice goes back to the choice (or to empty).
              if (!selected) setQuery("");
              else setQuery(selected.label);
            }}
            className={cx(
              controlClasses,
              size === "sm" ? "h-8 py-1" : "h-10 py-2",
              clearable ? "pe-16" : "pe-8",
            )}
          />
          <div className="absolute inset-y-0 end-2 flex items-center gap-1">
            {selected && clearable && !disabled ? (
              <button
                type="button"
                aria-label={t("ui.combobox.clear")}
                onClick={() => {
                  choose(null);
                  inputRef.current?.focus();
                }}
                className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            ) : null}
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none size-4 text-slate-600 dark:text-slate-300"
            />
          </div>
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={4}
          // The focus stays in the text box; the list is pointed at with aria-activedescendant.
          onOpenAutoFocus={(event) => event.preventDefault()}
          // A list of suggestions, not a dialog (radix gives popovers role="dialog").
          role="presentation"
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && inputRef.current?.parentElement?.contains(event.target)) {
              event.preventDefault();
            }
          }}
          className={cx(
            "z-50 max-h-72 w-(--radix-popover-trigger-width) min-w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg",
            "dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
          )}
        >
          {shown.length ? (
            <ul ref={listRef} id={listId} role="listbox" aria-label={listLabel ?? t("ui.combobox.options")}>
              {shown.map((option, index) => (
                <li
                  key={option.value}
                  id={`${listId}-${index}`}
                  role="option"
                  // The name's language; its direction is set on the name, so the row (its check mark)
                  // keeps the page's.
                  lang={option.lang}
                  aria-selected={index === active}
                  // mousedown, not click: the text box must not lose its focus first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                  onMouseMove={() => setActive(index)}
                  className={cx(
                    "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5",
                    index === active && "bg-slate-100 dark:bg-slate-800",
                  )}
                >
                  <Check
                    aria-hidden="true"
                    className={cx(
                      "size-4 shrink-0",
                      selected?.value === option.value ? "opacity-100" : "opacity-0",
                    )}
                  />
                  {/* Not stretched: a name written right to left still starts where the row does. */}
                  <span lang={option.lang} dir={option.dir} className="min-w-0 truncate">
                    {option.label}
                  </span>
                  {option.hint ? (
                    <span className="ms-auto shrink-0 text-xs text-slate-600 dark:text-slate-400">
                      {option.hint}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {load.state !== "done" || shown.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-slate-600 dark:text-slate-400">
              {load.state === "error"
                ? t("ui.combobox.failed")
                : load.state === "done"
                  ? t("ui.combobox.empty")
                  : t("ui.combobox.searching")}
            </p>
          ) : null}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
