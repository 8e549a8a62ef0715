import { ChevronDown, X } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { useId, useRef } from "react";
import { useT } from "../../lib/i18n.tsx";
import { ComboboxList, ComboboxPopover } from "./combobox-list.tsx";
import { containsFilter, type ComboboxOption } from "./combobox-options.ts";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { controlClasses } from "./input.tsx";
import { useActiveOptionInView, useCombobox } from "./use-combobox.ts";

export type { ComboboxOption } from "./combobox-options.ts";

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
  const field = useFieldControl({ required, ...aria });
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const box = useCombobox({ options, source, defaultOption, filter, clearable, onChange });
  const { selected, searched, open, active, shown } = box;
  useActiveOptionInView(listRef, open, active);

  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <PopoverPrimitive.Root open={open && !disabled} onOpenChange={box.setOpen}>
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
            value={box.query}
            // The chosen option's name is read in its own language.
            lang={searched ? undefined : selected?.lang}
            onChange={(event) => box.type(event.target.value)}
            onKeyDown={box.onKeyDown}
            onFocus={(event) => {
              if (!clearable) event.currentTarget.select();
            }}
            onClick={(event) => {
              // A click puts the caret: select the chosen name again, so typing replaces it.
              if (!clearable && !searched) event.currentTarget.select();
              box.openList();
            }}
            onBlur={box.restore}
            className={cx(
              controlClasses,
              size === "sm" ? "h-8 py-1" : "h-10 py-2",
              clearable ? "pe-16" : "pe-8",
            )}
          />
          <ComboboxEnd
            clearable={Boolean(selected && clearable && !disabled)}
            onClear={() => {
              box.choose(null);
              inputRef.current?.focus();
            }}
          />
        </div>
      </PopoverPrimitive.Anchor>
      <ComboboxPopover inputRef={inputRef}>
        <ComboboxList
          listId={listId}
          listRef={listRef}
          listLabel={listLabel}
          load={box.load}
          shown={shown}
          active={active}
          selectedValue={selected?.value}
          onChoose={box.choose}
          onActivate={box.setActive}
        />
      </ComboboxPopover>
    </PopoverPrimitive.Root>
  );
}

/** The end of the text box: a button clearing the choice (when there is one to clear) and the chevron. */
function ComboboxEnd({ clearable, onClear }: { clearable: boolean; onClear: () => void }) {
  const t = useT();
  return (
    <div className="absolute inset-y-0 end-2 flex items-center gap-1">
      {clearable ? (
        <button
          type="button"
          aria-label={t("ui.combobox.clear")}
          onClick={onClear}
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
  );
}
