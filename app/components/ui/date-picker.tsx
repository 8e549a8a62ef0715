import type { ComponentProps } from "react";
import { cx } from "./cx.ts";
import { Input } from "./input.tsx";

export type DatePickerProps = Omit<ComponentProps<"input">, "type" | "value" | "defaultValue"> & {
  /** Always "date" (accepted so Conform's input props can be spread in). */
  type?: "date" | undefined;
  /** YYYY-MM-DD, or "" for none */
  value?: string | undefined;
  defaultValue?: string | undefined;
  /** Earliest and latest day that may be chosen, YYYY-MM-DD. */
  min?: string | number | undefined;
  max?: string | number | undefined;
};

/**
 * A day: a native <input type="date">, so the browser supplies the calendar, the keyboard (arrow keys
 * per part, typing digits) and the screen-reader names of the parts, and posts YYYY-MM-DD. Inside a
 * <Field> it picks up the label, hint and error wiring. `color-scheme` makes the calendar and its icon
 * follow the dark mode.
 */
export function DatePicker({ className, ...props }: DatePickerProps) {
  return (
    <Input
      {...props}
      type="date"
      className={cx("w-auto min-w-40 scheme-light dark:scheme-dark", className)}
    />
  );
}
