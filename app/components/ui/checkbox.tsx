import { useId, type ComponentProps, type ReactNode } from "react";
import { cx, focusRing } from "./cx.ts";
import { errorMessages, FieldErrorText, useFieldControl, type FieldError } from "./field.tsx";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  /** The label beside the box. Leave it out only inside a <Field> or with an aria-label. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
};

/**
 * A native checkbox (an unchecked box sends nothing: give the server a default). With `label` it
 * renders its own label, hint and error; without, it is a bare box (in a <Field>, or with aria-label).
 */
export function Checkbox({ label, hint, error, className, id, ...props }: CheckboxProps) {
  const field = useFieldControl(props);
  const generated = useId();
  const boxClasses = cx(
    "size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-primary-700 disabled:cursor-not-allowed disabled:opacity-60 dark:accent-primary-400",
    focusRing,
  );
  if (label === undefined) {
    return <input type="checkbox" id={id} {...props} {...field} className={cx(boxClasses, className)} />;
  }
  const boxId = id ?? field.id ?? `checkbox${generated}`;
  const hintId = `${boxId}-hint`;
  const errorId = `${boxId}-error`;
  const errors = errorMessages(error);
  const describedBy =
    [
      field["aria-describedby"] ?? props["aria-describedby"],
      hint ? hintId : null,
      errors.length ? errorId : null,
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className={cx("flex items-start gap-2", className)}>
      <input
        type="checkbox"
        {...props}
        id={boxId}
        required={field.required ?? props.required}
        aria-describedby={describedBy}
        aria-invalid={errors.length > 0 || (field["aria-invalid"] ?? props["aria-invalid"]) || undefined}
        className={cx(boxClasses, "mt-0.5")}
      />
      <div className="flex flex-col gap-0.5">
        <label
          htmlFor={boxId}
          className="cursor-pointer text-sm font-medium text-slate-900 dark:text-slate-100"
        >
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
        <FieldErrorText id={errorId} errors={errors} />
      </div>
    </div>
  );
}
