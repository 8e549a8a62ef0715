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
} from "../../../core/catalog/country-forms.ts";
import { useDisplayNames } from "../../lib/display-names.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { FieldErrorText } from "../ui/field.tsx";
import { CheckboxField, InputField, SelectField, TextareaField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

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
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
  locales,
}: FormBase & { defaults: CountryFormValues; locales: readonly SelectOption[] }) {
  const t = useT();
  const names = useDisplayNames();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.existing ? "updateCountry" : "createCountry";
  const [form, fields] = useAppForm({
    schema: defaults.existing ? updateCountrySchema : createCountrySchema,
    id: `country-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: {
      code: defaults.code,
      name: defaults.name,
      defaultLocale: defaults.defaultLocale,
      timeZone: defaults.timeZone,
      currency: defaults.currency,
      enabled: defaults.enabled ? "on" : undefined,
    },
  });
  const [enabled, setEnabled] = useState(defaults.enabled);
  // Turning off an enabled country that clients read: say how many, and ask to confirm.
  const confirming = defaults.existing && defaults.enabled && !enabled && defaults.clients > 0;
  const confirmErrors = errorText(
    (fields as Partial<Record<"confirmDisable", { errors?: string[] }>>).confirmDisable?.errors,
  );
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      secondary={secondary}
      submitLabel={t(defaults.existing ? "studio.countries.form.save" : "studio.countries.form.create")}
    >
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
        <InputField
          field={fields.name}
          label={t("studio.countries.form.name")}
          required
          maxLength={COUNTRY_NAME_MAX}
          autoComplete="off"
        />
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
        <InputField
          field={fields.timeZone}
          label={t("studio.countries.form.timeZone")}
          hint={t("studio.countries.form.timeZoneHint")}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <InputField
          field={fields.currency}
          label={t("studio.countries.form.currency")}
          required
          maxLength={3}
          autoComplete="off"
          className="uppercase"
        />
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
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
  countries,
}: FormBase & { defaults: BundleFormValues; countries: readonly CountryChoice[] }) {
  const t = useT();
  const names = useDisplayNames();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.bundleId ? "updateBundle" : "createBundle";
  const [form, fields] = useAppForm({
    schema: defaults.bundleId ? updateBundleSchema : createBundleSchema,
    id: `bundle-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: {
      name: defaults.name,
      description: defaults.description,
      price: defaults.price,
      currency: defaults.currency,
      countries: defaults.countries,
    },
  });
  const countryErrors = errorText(fields.countries.errors);
  const countriesErrorId = `${fields.countries.id}-error`;
  const chosen = new Set(defaults.countries);
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.bundleId ? { bundleId: defaults.bundleId } : undefined}
      secondary={secondary}
      submitLabel={t(defaults.bundleId ? "studio.countries.form.save" : "studio.countries.bundleForm.create")}
    >
      <InputField
        field={fields.name}
        label={t("studio.countries.bundleForm.name")}
        required
        maxLength={BUNDLE_NAME_MAX}
        autoComplete="off"
      />
      <TextareaField
        field={fields.description}
        label={t("studio.countries.bundleForm.descriptionLabel")}
        maxLength={BUNDLE_DESCRIPTION_MAX}
        rows={2}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <InputField
          field={fields.price}
          label={t("studio.countries.bundleForm.price")}
          hint={t("studio.countries.bundleForm.priceHint")}
          required
          inputMode="decimal"
          autoComplete="off"
        />
        <InputField
          field={fields.currency}
          label={t("studio.countries.form.currency")}
          required
          maxLength={3}
          autoComplete="off"
          className="uppercase"
        />
      </div>
      <fieldset
        className="grid gap-2"
        aria-describedby={countryErrors ? countriesErrorId : undefined}
        aria-invalid={countryErrors ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
          {t("studio.countries.bundleForm.countries")}
        </legend>
        <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border border-slate-300 p-3 sm:grid-cols-2 dark:border-slate-700">
          {countries.map((country) => (
            <Checkbox
              key={country.code}
              name={fields.countries.name}
              value={country.code}
              defaultChecked={chosen.has(country.code)}
              label={t(
                country.enabled
                  ? "studio.countries.bundleForm.countryOption"
                  : "studio.countries.bundleForm.countryOptionDisabled",
                { name: names.country(country.code, country.name), code: country.code },
              )}
            />
          ))}
        </div>
        <FieldErrorText id={countriesErrorId} errors={countryErrors ?? []} />
      </fieldset>
    </IntentForm>
  );
}
