import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { controlClasses } from "./input.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<"select"> & {
  /** Rendered as <option>s (before any children). */
  options?: readonly SelectOption[];
  /** A first option with an empty value ("Choose…", "All"). */
  placeholder?: string;
  /** Classes for the wrapper (the chevron sits in it): set the width here. */
  className?: string;
};

/** A styled native <select>: keyboard, mobile pickers and forms without JavaScript all just work. */
export function Select({ className, options, placeholder, children, multiple, ...props }: SelectProps) {
  const field = useFieldControl(props);
  return (
    <div className={cx("relative", className)}>
      <select
        multiple={multiple}
        {...props}
        {...field}
        className={cx(controlClasses, multiple ? "py-2" : "h-10 appearance-none py-2 pe-9")}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      {multiple ? null : (
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
      )}
    </div>
  );
}
