import type { ComponentProps } from "react";
import { cx, focusRing } from "./cx.ts";
import { useFieldControl } from "./field.tsx";

/**
 * The look shared by text inputs, textareas and selects. The border is what shows where the field
 * is, so it contrasts 3:1 with the page (WCAG 1.4.11): slate-500 in both modes.
 */
export const controlClasses = cx(
  "block w-full rounded-md border border-slate-500 bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors",
  "placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70",
  "aria-invalid:border-red-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400",
  "dark:disabled:bg-slate-900 dark:aria-invalid:border-red-400",
  focusRing,
  "focus-visible:outline-offset-0",
);

export type InputProps = ComponentProps<"input">;

/** A native <input>; inside a <Field> it picks up the label, hint and error wiring. */
export function Input({ className, ...props }: InputProps) {
  const field = useFieldControl(props);
  return (
    <input
      {...props}
      {...field}
      className={cx(
        controlClasses,
        "h-10 py-2 file:me-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
    />
  );
}
