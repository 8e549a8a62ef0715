import { CircleAlert } from "lucide-react";
import { createContext, useContext, useId, type ReactNode } from "react";
import { cx } from "./cx.ts";

type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean; required: boolean };

const FieldContext = createContext<FieldControl | null>(null);

type ControlProps = {
  id?: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
};

/**
 * The id / aria-describedby / aria-invalid / required a control inside a <Field> should carry,
 * merged with the control's own props. Input, Textarea, Select and Checkbox call it; use it for
 * a custom control too. Inside a Field, the Field's id wins (the label points at it).
 */
export function useFieldControl(props: ControlProps): ControlProps {
  const field = useContext(FieldContext);
  if (!field) return {};
  const describedBy = [field.describedBy, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return {
    id: field.id,
    required: props.required ?? (field.required || undefined),
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
  };
}

export type FieldError = string | readonly string[] | null | undefined;

/** Field errors as a list of messages (zod's flattened errors are arrays). */
export function errorMessages(error: FieldError): string[] {
  if (!error) return [];
  return (typeof error === "string" ? [error] : [...error]).filter((message) => message.trim() !== "");
}

export type FieldProps = {
  label: ReactNode;
  /** Help text under the control, linked with aria-describedby. */
  hint?: ReactNode;
  /** The server's (or the client's) message(s) for this field; sets aria-invalid on the control. */
  error?: FieldError;
  /** Marks the label and sets `required` on the control (the browser validates it, even without JavaScript). */
  required?: boolean;
  /** The control's id; generated when left out. */
  id?: string;
  /** Keeps the label for assistive technology only. */
  labelHidden?: boolean;
  className?: string;
  /** One control: <Input>, <Textarea>, <Select> or one that calls useFieldControl(). */
  children: ReactNode;
};

/**
 * <Field label="Name" hint="…" error={errors?.name} required><Input name="name" /></Field>
 * Wires the label, the hint and the error text to the control.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  id,
  labelHidden = false,
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const errors = errorMessages(error);
  const describedBy =
    [hint ? hintId : null, errors.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: errors.length > 0, required }}>
      <div className={cx("flex flex-col gap-1.5", className)}>
        <label
          htmlFor={controlId}
          className={labelHidden ? "sr-only" : "text-sm font-medium text-slate-900 dark:text-slate-100"}
        >
          {label}
          {required ? (
            <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">
              *
            </span>
          ) : null}
        </label>
        {children}
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
        <FieldErrorText id={errorId} errors={errors} />
      </div>
    </FieldContext.Provider>
  );
}

/** The red error text under a control; renders nothing without errors. */
export function FieldErrorText({ id, errors }: { id: string; errors: string[] }) {
  if (!errors.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        {errors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
