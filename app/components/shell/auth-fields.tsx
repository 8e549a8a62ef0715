import type { ReactNode } from "react";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../core/auth/password-rule.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** Message keys of field errors are translated here, with the password rule's numbers filled in. */
function useFieldError() {
  const t = useT();
  return (key: MessageKey | undefined) =>
    key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : undefined;
}

export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: MessageKey }) {
  const t = useT();
  const message = useFieldError();
  return (
    <Field label={t("auth.field.email")} error={message(error)} required id="email">
      <Input name="email" type="email" autoComplete="email" maxLength={320} defaultValue={defaultValue} />
    </Field>
  );
}

export function PasswordField(props: {
  name: string;
  label: MessageKey;
  autoComplete: "current-password" | "new-password";
  error?: MessageKey;
  /** shows the strength rule under new passwords */
  withRule?: boolean;
}) {
  const t = useT();
  const message = useFieldError();
  const isNew = props.autoComplete === "new-password";
  return (
    <Field
      label={t(props.label)}
      hint={props.withRule ? t("auth.password.rule", { min: PASSWORD_MIN_LENGTH }) : undefined}
      error={message(props.error)}
      required
      id={props.name}
    >
      <Input
        name={props.name}
        type="password"
        autoComplete={props.autoComplete}
        minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </Field>
  );
}

export function TextField(props: {
  name: string;
  label: MessageKey;
  autoComplete?: string;
  defaultValue?: string;
  error?: MessageKey;
  maxLength?: number;
}) {
  const t = useT();
  const message = useFieldError();
  return (
    <Field label={t(props.label)} error={message(props.error)} required id={props.name}>
      <Input
        name={props.name}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 100}
        defaultValue={props.defaultValue}
      />
    </Field>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" pending={pending} className="w-full">
      {children}
    </Button>
  );
}
