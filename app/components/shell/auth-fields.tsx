// The account pages' fields on the one field component (app/components/ui/form-field.tsx): each takes its
// Conform field and sets what the account pages share (label, autocomplete, length rules).
import type { ReactNode } from "react";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../core/auth/password-rule.ts";
import { Button } from "../ui/button.tsx";
import { type FormFieldMeta, InputField } from "../ui/form-field.tsx";

/** `autoFocus` on the page's first field (sign-in): the cursor is where the user starts typing. */
export function EmailField({ field, autoFocus }: { field: FormFieldMeta<string>; autoFocus?: boolean }) {
  const t = useT();
  return (
    <InputField
      field={field}
      type="email"
      label={t("auth.field.email")}
      required
      autoComplete="email"
      maxLength={320}
      autoFocus={autoFocus}
    />
  );
}

export function PasswordField(props: {
  field: FormFieldMeta<string>;
  label: MessageKey;
  autoComplete: "current-password" | "new-password";
  /** shows the strength rule under new passwords */
  withRule?: boolean;
}) {
  const t = useT();
  const isNew = props.autoComplete === "new-password";
  return (
    <InputField
      field={props.field}
      type="password"
      label={t(props.label)}
      hint={props.withRule ? t("auth.password.rule", { min: PASSWORD_MIN_LENGTH }) : undefined}
      required
      autoComplete={props.autoComplete}
      minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
      maxLength={PASSWORD_MAX_LENGTH}
    />
  );
}

export function TextField(props: {
  field: FormFieldMeta<string>;
  label: MessageKey;
  autoComplete?: string;
  maxLength?: number;
}) {
  const t = useT();
  return (
    <InputField
      field={props.field}
      label={t(props.label)}
      required
      autoComplete={props.autoComplete}
      maxLength={props.maxLength ?? 100}
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
