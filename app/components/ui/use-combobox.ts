// A Combobox's state: the choice, the typed text, the open list and its active option, and what the
// keys do (the WAI-ARIA combobox pattern).
import { useEffect, useState, type KeyboardEvent, type RefObject } from "react";
import { useRemoteOptions, type ComboboxOption, type Load } from "./combobox-options.ts";

type ComboboxStateInput = {
  options: readonly ComboboxOption[] | undefined;
  source: string | undefined;
  defaultOption: ComboboxOption | null;
  filter: (options: readonly ComboboxOption[], query: string) => readonly ComboboxOption[];
  clearable: boolean;
  onChange: ((option: ComboboxOption | null) => void) | undefined;
};

export function useCombobox({
  options,
  source,
  defaultOption,
  filter,
  clearable,
  onChange,
}: ComboboxStateInput) {
  const [selected, setSelected] = useState<ComboboxOption | null>(defaultOption);
  const [query, setQuery] = useState(defaultOption?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The chosen option's name stands for "no search yet": every option is shown.
  const searched = query === selected?.label ? "" : query;
  const remote = useRemoteOptions(source, searched, open);
  const load: Load = source ? remote : { state: "done", options: [...filter(options ?? [], searched)] };
  const shown = load.state === "done" ? load.options : [];

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

  /** Typing searches; in a clearable box it also drops the choice. */
  function type(text: string) {
    setQuery(text);
    setActive(0);
    setOpen(true);
    if (selected && clearable) {
      setSelected(null);
      onChange?.(null);
    }
  }

  /** Text that is not a choice goes back to the choice (or to empty). */
  function restore() {
    if (!selected) setQuery("");
    else setQuery(selected.label);
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

  return {
    selected,
    query,
    searched,
    open,
    setOpen,
    active,
    setActive,
    load,
    shown,
    choose,
    openList,
    type,
    restore,
    onKeyDown,
  };
}

/**
 * The option moved to with the arrow keys (or the chosen one, on opening) stays in view in a long
 * list: the list scrolls, never the page; on opening, once the popover has placed the list.
 */
export function useActiveOptionInView(
  listRef: RefObject<HTMLUListElement | null>,
  open: boolean,
  active: number,
) {
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
  }, [listRef, open, active]);
}
