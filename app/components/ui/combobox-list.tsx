// The open part of a Combobox: the list of options (pointed at from the text box with
// aria-activedescendant) and, while there is nothing to pick, why.
import { Check } from "lucide-react";
import type { RefObject } from "react";
import { useT } from "../../lib/i18n.tsx";
import type { ComboboxOption, Load } from "./combobox-options.ts";
import { cx } from "./cx.ts";

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
