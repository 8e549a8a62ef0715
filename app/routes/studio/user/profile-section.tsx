// The frame the profile page's sections share: the card, its form (which intent, the form's error, the
// submit button) and the error of a confirmed action posted without JavaScript.
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { ProfileIntent } from "../../../../core/account/account-schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { INTENT_FIELD, resultFor } from "../../../lib/forms.ts";
import { useErrorText } from "../../../lib/i18n.tsx";

export const PROFILE_ACTION = "/studio/user/profile";

export const iconClass = "size-4 text-slate-500 dark:text-slate-400";

/** One section of the page: a card with its icon, title, description and header buttons. */
export function Section({
  icon,
  title,
  description,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            {icon}
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A section's form: which of the page's forms it is, the form's error, its fields, its submit button. */
export function SectionForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  label,
  submit,
  hidden,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: ProfileIntent;
  /** The form's accessible name (the section's title). */
  label: string;
  submit: string;
  /** Hidden inputs that go before the form's error. */
  hidden?: ReactNode;
  children: ReactNode;
}) {
  const errorText = useErrorText();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === intent;
  return (
    <Form
      method="post"
      action={PROFILE_ACTION}
      {...getFormProps(form)}
      className="space-y-4"
      aria-label={label}
    >
      {/* Which form this one is, on a page with several. */}
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {hidden}
      <FormError>{errorText(form.errors)}</FormError>
      {children}
      <Button type="submit" pending={pending}>
        {submit}
      </Button>
    </Form>
  );
}

/**
 * The refusal of a confirmed action posted without JavaScript (the confirm dialog's fallback form):
 * with JavaScript the dialog shows it, and this page's action data stays empty.
 */
export function ConfirmedActionError({ intents }: { intents: ProfileIntent[] }) {
  const errorText = useErrorText();
  const actionData = useActionData();
  const result = intents.map((intent) => resultFor(actionData, intent)).find((r) => r?.status === "error");
  return <FormError className="mb-3">{errorText(result?.error?.[""])}</FormError>;
}
