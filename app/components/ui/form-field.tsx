// The one way a form field is written: a Conform field in, the label, control, hint, translated error,
// ids and ARIA out (as epic-stack's app/components/forms.tsx does). `FormField` wraps any control;
// `InputField`, `TextareaField`, `SelectField` and `CheckboxField` add the control's Conform props.
// The control's own props (maxLength, autoComplete, className…) pass through; `frameClassName` places the frame.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useErrorText } from "../../lib/i18n.tsx";
import { Checkbox, type CheckboxProps } from "./checkbox.tsx";
import { Field } from "./field.tsx";
import { Input, type InputProps } from "./input.tsx";
import { Select, type SelectProps } from "./select.tsx";
import { Textarea, type TextareaProps } from "./textarea.tsx";

/** A Conform field of any form; its errors are message references (app/lib/forms.ts). */
export type FormFieldMeta<Value> = FieldMetadata<Value, Record<string, unknown>, string[]>;

type Frame = {
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label and sets `required` on the control. */
  required?: boolean;
  labelHidden?: boolean;
  /** Classes for the frame (label, control, hint, error): grid placement, spacing. */
  frameClassName?: string;
  /** Errors to show instead of the field's own (a hidden field's, or the form's, shown at this field). */
  errors?: string[];
};

/** <FormField field={fields.name} label="Name"><MyControl /></FormField>: a control that calls useFieldControl. */
export function FormField<Value>({
  field,
  children,
  frameClassName,
  errors = field.errors,
  ...frame
}: Frame & { field: FormFieldMeta<Value>; children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <Field {...frame} className={frameClassName} id={field.id} error={errorText(errors)}>
      {children}
    </Field>
  );
}

/** A field component's props apart: the frame's (for FormField) and the control's own. */
function splitFrame<Props extends Frame>({
  label,
  hint,
  required,
  labelHidden,
  frameClassName,
  errors,
  ...control
}: Props) {
  return [{ label, hint, required, labelHidden, frameClassName, errors }, control] as const;
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

/** A text-like <input> (text, email, url, number, date…) in its field frame. */
export function InputField<Value>({
  field,
  type = "text",
  ...props
}: Frame & { field: FormFieldMeta<Value>; type?: InputType } & Omit<InputProps, "type">) {
  const [frame, input] = splitFrame(props);
  const { key, ...conform } = getInputProps(field, { type, ariaAttributes: false });
  return (
    <FormField field={field} {...frame}>
      <Input key={key} {...conform} {...input} />
    </FormField>
  );
}

/** A <textarea> in its field frame. */
export function TextareaField<Value>({
  field,
  ...props
}: Frame & { field: FormFieldMeta<Value> } & TextareaProps) {
  const [frame, textarea] = splitFrame(props);
  const { key, ...conform } = getTextareaProps(field, { ariaAttributes: false });
  return (
    <FormField field={field} {...frame}>
      <Textarea key={key} {...conform} {...textarea} />
    </FormField>
  );
}

/** A native <select> in its field frame; `className` sizes the select's own wrapper. */
export function SelectField<Value>({
  field,
  ...props
}: Frame & { field: FormFieldMeta<Value> } & SelectProps) {
  const [frame, select] = splitFrame(props);
  const { key, ...conform } = getSelectProps(field, { ariaAttributes: false });
  return (
    <FormField field={field} {...frame}>
      <Select key={key} {...conform} {...select} />
    </FormField>
  );
}

/** A checkbox with its own label, hint and translated error. */
export function CheckboxField<Value>({
  field,
  ...box
}: { field: FormFieldMeta<Value>; label: ReactNode } & Omit<CheckboxProps, "label" | "error">) {
  const errorText = useErrorText();
  const { key, ...conform } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return <Checkbox key={key} {...conform} {...box} error={errorText(field.errors)} />;
}
