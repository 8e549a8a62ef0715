// The open part of a Combobox: the popover, the list of options in it (pointed at from the text box
// with aria-activedescendant) and, while there is nothing to pick, why.
import { Check } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { useT } from "../../lib/i18n.tsx";
import type { ComboboxOption, Load } from "./combobox-options.ts";
import { cx } from "./cx.ts";

/** The popover under the text box; clicks in the box itself do not close it. */
export function ComboboxPopover({
  inputRef,
  children,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}) {
  return (
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
        {children}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  );
}

export function ComboboxList({
  listId,
  listRef,
  listLabel,
  load,
  shown,
  active,
  selectedValue,
  onChoose,
  onActivate,
}: {
  listId: string;
  listRef: RefObject<HTMLUListElement | null>;
  listLabel: string | undefined;
  load: Load;
  shown: readonly ComboboxOption[];
  active: number;
  selectedValue: string | undefined;
  onChoose: (option: ComboboxOption) => void;
  onActivate: (index: number) => void;
}) {
  const t = useT();
  return (
    <>
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
                onChoose(option);
              }}
              onMouseMove={() => onActivate(index)}
              className={cx(
                "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5",
                index === active && "bg-slate-100 dark:bg-slate-800",
              )}
            >
              <Check
                aria-hidden="true"
                className={cx(
                  "size-4 shrink-0",
                  selectedValue === option.value ? "opacity-100" : "opacity-0",
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
    </>
  );
}
