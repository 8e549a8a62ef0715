// The forms of /studio/data/country-access (grant a country or a bundle, change a grant's dates): each
// is checked in the browser by its core schema (Conform) and again by the action; errors are message
// references, so "until before from" is said at the field before anything is sent.
import { getInputProps, getSelectProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import {
  grantCountryAccessSchema,
  updateCountryAccessSchema,
} from "../../../core/country-access/country-access-forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useDisplayNames } from "../../lib/display-names.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

/** A country or a bundle to grant; a disabled country gives nothing until it is enabled again. */
export type GrantTargetChoice = {
  value: string;
  label: string;
  group: "country" | "bundle";
  enabled: boolean;
};

/** A date field as the form built it: its id, errors and input props. */
type DateField = {
  id: string;
  errors: string[] | undefined;
  input: ComponentProps<typeof Input> & { key?: string };
};

function DateFields({ from, until }: { from: DateField; until: DateField }) {
  const t = useT();
  const errorText = useErrorText();
  const { key: fromKey, ...fromInput } = from.input;
  const { key: untilKey, ...untilInput } = until.input;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t("studio.countryAccess.form.validFrom")}
        hint={t("studio.countryAccess.form.validFromHint")}
        error={errorText(from.errors)}
        id={from.id}
        required
      >
        <Input key={fromKey} {...fromInput} />
      </Field>
      <Field
        label={t("studio.countryAccess.form.validUntil")}
        hint={t("studio.countryAccess.form.validUntilHint")}
        error={errorText(until.errors)}
        id={until.id}
      >
        <Input key={untilKey} {...untilInput} />
      </Field>
    </div>
  );
}

export function GrantForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  clientId,
  today,
  targets,
}: FormBase & { clientId: string; today: string; targets: readonly GrantTargetChoice[] }) {
  const t = useT();
  const names = useDisplayNames();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: grantCountryAccessSchema,
    id: `grant-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "grant"),
    defaultValue: { clientId, validFrom: today },
  });
  const { key: targetKey, ...target } = getSelectProps(fields.target, { ariaAttributes: false });
  const options: SelectOption[] = targets.map((choice) => ({
    value: choice.value,
    label: t(
      choice.group === "bundle"
        ? "studio.countryAccess.form.bundleOption"
        : choice.enabled
          ? "studio.countryAccess.form.countryOption"
          : "studio.countryAccess.form.countryOptionDisabled",
      {
        name:
          choice.group === "bundle"
            ? choice.label
            : names.country(choice.value.slice("country:".length), choice.label),
        code: choice.value.slice("country:".length),
      },
    ),
  }));
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="grant"
      hidden={{ clientId }}
      secondary={secondary}
      submitLabel={t("studio.countryAccess.form.grant")}
    >
      <Field
        label={t("studio.countryAccess.form.target")}
        error={errorText(fields.target.errors)}
        id={fields.target.id}
        required
      >
        <Select
          key={targetKey}
          {...target}
          placeholder={t("studio.countryAccess.form.targetPlaceholder")}
          options={options}
        />
      </Field>
      <DateFields
        from={{
          id: fields.validFrom.id,
          errors: fields.validFrom.errors,
          input: getInputProps(fields.validFrom, { type: "date", ariaAttributes: false }),
        }}
        until={{
          id: fields.validUntil.id,
          errors: fields.validUntil.errors,
          input: getInputProps(fields.validUntil, { type: "date", ariaAttributes: false }),
        }}
      />
    </IntentForm>
  );
}

export type GrantDates = { grantId: string; validFrom: string; validUntil: string | null };

export function GrantDatesForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  grant,
}: FormBase & { grant: GrantDates }) {
  const t = useT();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: updateCountryAccessSchema,
    id: `grant-dates-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "update"),
    defaultValue: { validFrom: grant.validFrom, validUntil: grant.validUntil ?? undefined },
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="update"
      hidden={{ grantId: grant.grantId }}
      secondary={secondary}
      submitLabel={t("studio.countryAccess.form.save")}
    >
      <DateFields
        from={{
          id: fields.validFrom.id,
          errors: fields.validFrom.errors,
          input: getInputProps(fields.validFrom, { type: "date", ariaAttributes: false }),
        }}
        until={{
          id: fields.validUntil.id,
          errors: fields.validUntil.errors,
          input: getInputProps(fields.validUntil, { type: "date", ariaAttributes: false }),
        }}
      />
    </IntentForm>
  );
}
