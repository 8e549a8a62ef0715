// The forms of /studio/config/countries (a country, a bundle): each is checked in the browser by its core
// schema (Conform) and again by the action; errors are message references.
import { useState } from "react";
import {
  BUNDLE_DESCRIPTION_MAX,
  BUNDLE_NAME_MAX,
  COUNTRY_NAME_MAX,
  createBundleSchema,
  createCountrySchema,
  updateBundleSchema,
  updateCountrySchema,
} from "../../../core/catalog/countries/country-schemas.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { FieldErrorText } from "../ui/field.tsx";
import {
  CheckboxField,
  type FormFieldMeta,
  InputField,
  SelectField,
  TextareaField,
} from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField, CurrencyField, NameField, PriceFields } from "./studio-fields.tsx";

// ---- countries ---------------------------------------------------------------------------------

export type CountryFormValues = {
  /** set when editing: the code is the country's identity and stays */
  existing: boolean;
  code: string;
  name: string;
  enabled: boolean;
  defaultLocale: string;
  timeZone: string;
  currency: string;
  /** clients that lose the country when it is disabled (editing an enabled country) */
  clients: number;
};

export const EMPTY_COUNTRY: CountryFormValues = {
  existing: false,
  code: "",
  name: "",
  enabled: true,
  defaultLocale: "en",
  timeZone: "",
  currency: "EUR",
  clients: 0,
};

export function CountryForm({
  defaults,
  locales,
  ...base
}: FormBase & { defaults: CountryFormValues; locales: readonly SelectOption[] }) {
  const t = useT();
  const names = useDisplayNames();
  const errorText = useErrorText();
  const { fields, frame } = useDialogForm(base, {
    id: `country-${base.fetcherKey}`,
    intent: defaults.existing ? "updateCountry" : "createCountry",
    schema: defaults.existing ? updateCountrySchema : createCountrySchema,
    defaultValue: {
      code: defaults.code,
      name: defaults.name,
      defaultLocale: defaults.defaultLocale,
      timeZone: defaults.timeZone,
      currency: defaults.currency,
      enabled: defaults.enabled ? "on" : undefined,
    },
    submitLabel: t(defaults.existing ? "studio.countries.form.save" : "studio.countries.form.create"),
  });
  const [enabled, setEnabled] = useState(defaults.enabled);
  // Turning off an enabled country that clients read: say how many, and ask to confirm.
  const confirming = defaults.existing && defaults.enabled && !enabled && defaults.clients > 0;
  const confirmErrors = errorText(
    (fields as Partial<Record<"confirmDisable", { errors?: string[] }>>).confirmDisable?.errors,
  );
  return (
    <IntentForm {...frame}>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <InputField
          field={fields.code}
          label={t("studio.countries.form.code")}
          hint={defaults.existing ? undefined : t("studio.countries.form.codeHint")}
          required
          readOnly={defaults.existing}
          maxLength={2}
          autoComplete="off"
          className="uppercase"
        />
        <NameField field={fields.name} label={t("studio.countries.form.name")} maxLength={COUNTRY_NAME_MAX} />
      </div>
      <SelectField
        field={fields.defaultLocale}
        label={t("studio.countries.form.locale")}
        required
        placeholder={t("studio.countries.form.localePlaceholder")}
        options={locales.map((option) => ({
          ...option,
          label: names.language(option.value, option.label),
        }))}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <CodeField
          field={fields.timeZone}
          label={t("studio.countries.form.timeZone")}
          hint={t("studio.countries.form.timeZoneHint")}
          required
        />
        <CurrencyField field={fields.currency} label={t("studio.countries.form.currency")} required />
      </div>
      <CheckboxField
        field={fields.enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
        label={t("studio.countries.form.enabled")}
        hint={t("studio.countries.form.enabledHint")}
      />
      {confirming || confirmErrors ? (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
          <p className="text-sm text-amber-900 dark:text-amber-100">
            {t("studio.countries.form.disableWarning", { count: defaults.clients, name: defaults.name })}
          </p>
          <Checkbox
            name="confirmDisable"
            label={t("studio.countries.form.confirmDisable", { count: defaults.clients })}
            error={confirmErrors}
          />
        </div>
      ) : null}
    </IntentForm>
  );
}

// ---- bundles -----------------------------------------------------------------------------------

export type BundleFormValues = {
  bundleId?: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  countries: string[];
};

export const EMPTY_BUNDLE: BundleFormValues = {
  name: "",
  description: "",
  price: "",
  currency: "EUR",
  countries: [],
};

export type CountryChoice = { code: string; name: string; enabled: boolean };

export function BundleForm({
  defaults,
  countries,
  ...base
}: FormBase & { defaults: BundleFormValues; countries: readonly CountryChoice[] }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `bundle-${base.fetcherKey}`,
    ...createOrUpdate(
      "bundleId",
      defaults.bundleId,
      [createBundleSchema, updateBundleSchema],
      ["createBundle", "updateBundle"],
    ),
    defaultValue: defaults,
    submitLabel: t(defaults.bundleId ? "studio.countries.form.save" : "studio.countries.bundleForm.create"),
  });
  return (
    <IntentForm {...frame}>
      <NameField
        field={fields.name}
        label={t("studio.countries.bundleForm.name")}
        maxLength={BUNDLE_NAME_MAX}
      />
      <TextareaField
        field={fields.description}
        label={t("studio.countries.bundleForm.descriptionLabel")}
        maxLength={BUNDLE_DESCRIPTION_MAX}
        rows={2}
      />
      <PriceFields
        price={fields.price}
        currency={fields.currency}
        label={t("studio.countries.bundleForm.price")}
        hint={t("studio.countries.bundleForm.priceHint")}
        currencyLabel={t("studio.countries.form.currency")}
        required
        currencyRequired
      />
      <CountryCheckboxes field={fields.countries} countries={countries} chosen={defaults.countries} />
    </IntentForm>
  );
}

/** The bundle's countries, one checkbox each (a disabled country says so); their error under the group. */
function CountryCheckboxes({
  field,
  countries,
  chosen,
}: {
  field: FormFieldMeta<string[]>;
  countries: readonly CountryChoice[];
  chosen: readonly string[];
}) {
  const t = useT();
  const names = useDisplayNames();
  const errorText = useErrorText();
  const errors = errorText(field.errors);
  const errorId = `${field.id}-error`;
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={errors ? errorId : undefined}
      aria-invalid={errors ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
        {t("studio.countries.bundleForm.countries")}
      </legend>
      <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border border-slate-300 p-3 sm:grid-cols-2 dark:border-slate-700">
        {countries.map((country) => (
          <Checkbox
            key={country.code}
            name={field.name}
            value={country.code}
            defaultChecked={chosen.includes(country.code)}
            label={t(
              country.enabled
                ? "studio.countries.bundleForm.countryOption"
                : "studio.countries.bundleForm.countryOptionDisabled",
              { name: names.country(country.code, country.name), code: country.code },
            )}
          />
        ))}
      </div>
      <FieldErrorText id={errorId} errors={errors ?? []} />
    </fieldset>
  );
}
