import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { DatePicker } from "./date-picker.tsx";
import { errorMessages, Field, type FieldError } from "./field.tsx";
import { cx } from "./cx.ts";

export type DateRange = { from: string; to: string };

export type DateRangePickerProps = {
  /** What the two days bound ("Listing days"): the group's legend. */
  legend: ReactNode;
  fromLabel: string;
  toLabel: string;
  /** The message when the last day is before the first (shown at the second field, and the form will not submit). */
  orderError: string;
  /** Field names posted (YYYY-MM-DD each). */
  fromName?: string;
  toName?: string;
  defaultValue?: DateRange;
  /** Messages from the server, per field. */
  fromError?: FieldError;
  toError?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  min?: string;
  max?: string;
  onChange?: (range: DateRange) => void;
  className?: string;
};

/**
 * A first and a last day, as two labelled native date inputs in a fieldset. The last day may not be
 * before the first: the second field says so at once (aria-invalid, its error text) and the browser
 * refuses to submit the form (setCustomValidity), so a reversed range never reaches the server.
 */
export function DateRangePicker({
  legend,
  fromLabel,
  toLabel,
  orderError,
  fromName = "from",
  toName = "to",
  defaultValue = { from: "", to: "" },
  fromError,
  toError,
  hint,
  required,
  min,
  max,
  onChange,
  className,
}: DateRangePickerProps) {
  const hintId = `range${useId()}-hint`;
  const toRef = useRef<HTMLInputElement>(null);
  const [range, setRange] = useState<DateRange>(defaultValue);
  // ISO days compare as text.
  const reversed = range.from !== "" && range.to !== "" && range.to < range.from;

  useEffect(() => {
    toRef.current?.setCustomValidity(reversed ? orderError : "");
  }, [reversed, orderError]);

  const change = (next: DateRange) => {
    setRange(next);
    onChange?.(next);
  };

  return (
    <fieldset className={cx("grid gap-2", className)} aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">{legend}</legend>
      <div className="flex flex-wrap items-start gap-3">
        <Field label={fromLabel} error={fromError} required={required}>
          <DatePicker
            name={fromName}
            value={range.from}
            min={min}
            max={max}
            onChange={(event) => change({ ...range, from: event.currentTarget.value })}
          />
        </Field>
        <Field
          label={toLabel}
          error={reversed ? [orderError, ...errorMessages(toError)] : toError}
          required={required}
        >
          <DatePicker
            ref={toRef}
            name={toName}
            value={range.to}
            min={range.from || min}
            max={max}
            onChange={(event) => change({ ...range, to: event.currentTarget.value })}
          />
        </Field>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
