// The account pages' fields on the one form pattern (app/lib/forms.ts): each takes its Conform field,
// and shows its errors (message references) translated.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useErrorText, useT, type MessageKey } from "../../lib/i18n.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../core/auth/password-rule.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

type AuthField<Value> = FieldMetadata<Value, Record<string, unknown>, string[]>;

function inputProps<Value>(field: AuthField<Value>, type: "email" | "password" | "text") {
  const { key: _key, ...props } = getInputProps(field, { type, ariaAttributes: false });
  return props;
}

/** `autoFocus` on the page's first field (sign-in): the cursor is where the user starts typing. */
export function EmailField({ field, autoFocus }: { field: AuthField<string>; autoFocus?: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <Field label={t("auth.field.email")} error={errorText(field.errors)} required id={field.id}>
      <Input {...inputProps(field, "email")} autoComplete="email" maxLength={320} autoFocus={autoFocus} />
    </Field>
  );
}

export function PasswordField(props: {
  field: AuthField<string>;
  label: MessageKey;
  autoComplete: "current-password" | "new-password";
  /** shows the strength rule under new passwords */
  withRule?: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const isNew = props.autoComplete === "new-password";
  return (
    <Field
      label={t(props.label)}
      hint={props.withRule ? t("auth.password.rule", { min: PASSWORD_MIN_LENGTH }) : undefined}
      error={errorText(props.field.errors)}
      required
      id={props.field.id}
    >
      <Input
        {...inputProps(props.field, "password")}
        autoComplete={props.autoComplete}
        minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </Field>
  );
}

export function TextField(props: {
  field: AuthField<string>;
  label: MessageKey;
  autoComplete?: string;
  maxLength?: number;
}) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <Field label={t(props.label)} error={errorText(props.field.errors)} required id={props.field.id}>
      <Input
        {...inputProps(props.field, "text")}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 100}
      />
    </Field>
  );
}

export function CheckboxField({ field, label }: { field: AuthField<boolean>; label: ReactNode }) {
  const errorText = useErrorText();
  return (
    <Checkbox
      id={field.id}
      name={field.name}
      required={field.required}
      defaultChecked={field.initialValue === "on"}
      label={label}
      error={errorText(field.errors)}
    />
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" pending={pending} className="w-full">
      {children}
    </Button>
  );
}
