// The forms of /studio/data/country-access (grant a country or a bundle, change a grant's dates): each
// is checked in the browser by its core schema (Conform) and again by the action; errors are message
// references, so "until before from" is said at the field before anything is sent.
import {
  grantCountryAccessSchema,
  updateCountryAccessSchema,
} from "../../../core/country-access/country-access-schemas.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { type FormFieldMeta, InputField, SelectField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";

/** A country or a bundle to grant; a disabled country gives nothing until it is enabled again. */
export type GrantTargetChoice = {
  value: string;
  label: string;
  group: "country" | "bundle";
  enabled: boolean;
};

/** A grant's dates: from (required), until (open-ended when empty). */
function DateFields<From, Until>({
  from,
  until,
}: {
  from: FormFieldMeta<From>;
  until: FormFieldMeta<Until>;
}) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        field={from}
        type="date"
        label={t("studio.countryAccess.form.validFrom")}
        hint={t("studio.countryAccess.form.validFromHint")}
        required
      />
      <InputField
        field={until}
        type="date"
        label={t("studio.countryAccess.form.validUntil")}
        hint={t("studio.countryAccess.form.validUntilHint")}
      />
    </div>
  );
}

export function GrantForm({
  clientId,
  today,
  targets,
  ...base
}: FormBase & { clientId: string; today: string; targets: readonly GrantTargetChoice[] }) {
  const t = useT();
  const names = useDisplayNames();
  const { fields, frame } = useDialogForm(base, {
    id: `grant-${base.fetcherKey}`,
    intent: "grant",
    schema: grantCountryAccessSchema,
    defaultValue: { clientId, validFrom: today },
    hidden: { clientId },
    submitLabel: t("studio.countryAccess.form.grant"),
  });
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
    <IntentForm {...frame}>
      <SelectField
        field={fields.target}
        label={t("studio.countryAccess.form.target")}
        required
        placeholder={t("studio.countryAccess.form.targetPlaceholder")}
        options={options}
      />
      <DateFields from={fields.validFrom} until={fields.validUntil} />
    </IntentForm>
  );
}

export type GrantDates = { grantId: string; validFrom: string; validUntil: string | null };

export function GrantDatesForm({ grant, ...base }: FormBase & { grant: GrantDates }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `grant-dates-${base.fetcherKey}`,
    intent: "update",
    schema: updateCountryAccessSchema,
    defaultValue: { validFrom: grant.validFrom, validUntil: grant.validUntil ?? undefined },
    hidden: { grantId: grant.grantId },
    submitLabel: t("studio.countryAccess.form.save"),
  });
  return (
    <IntentForm {...frame}>
      <DateFields from={fields.validFrom} until={fields.validUntil} />
    </IntentForm>
  );
}
