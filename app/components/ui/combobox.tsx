import { Check, ChevronDown, X } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { controlClasses } from "./input.tsx";

export type ComboboxOption = { value: string; label: string; hint?: string };

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
  const remote = useRemoteOptions(source, query === selected?.label ? "" : query, open);
  const load: Load = source
    ? remote
    : {
        state: "done",
        options: (options ?? []).filter((o) => matches(o, query === selected?.label ? "" : query)),
      };
  const shown = load.state === "done" ? load.options : [];

  function choose(option: ComboboxOption | null) {
    setSelected(option);
    setQuery(option?.label ?? "");
    setOpen(false);
    onChange?.(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0));
    } else if (event.key === "Enter" && open) {
      // Choosing must not submit the form.
      event.preventDefault();
      if (shown[active]) choose(shown[active]);
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
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setOpen(true);
              if (selected) {
                setSelected(null);
                onChange?.(null);
              }
            }}
            onKeyDown={onKeyDown}
            onClick={() => setOpen(true)}
            onBlur={() => {
              // Text that is not a choice goes back to the choice (or to empty).
              if (!selected) setQuery("");
              else setQuery(selected.label);
            }}
            className={cx(controlClasses, "h-10 py-2 pe-16")}
          />
          <div className="absolute inset-y-0 end-2 flex items-center gap-1">
            {selected && !disabled ? (
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
            <ul id={listId} role="listbox" aria-label={t("ui.combobox.options")}>
              {shown.map((option, index) => (
                <li
                  key={option.value}
                  id={`${listId}-${index}`}
                  role="option"
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
                  <span className="min-w-0 flex-1 truncate">{option.label}</span>
                  {option.hint ? (
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{option.hint}</span>
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
