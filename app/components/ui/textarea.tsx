import type { ComponentProps } from "react";
import { cx } from "./cx.ts";
import { useFieldControl } from "./field.tsx";
import { controlClasses } from "./input.tsx";

export type TextareaProps = ComponentProps<"textarea">;

/** A native <textarea>; inside a <Field> it picks up the label, hint and error wiring. */
export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const field = useFieldControl(props);
  return (
    <textarea rows={rows} {...props} {...field} className={cx(controlClasses, "min-h-20 py-2", className)} />
  );
}
