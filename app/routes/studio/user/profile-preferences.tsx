// The profile's preferences section: the studio's language, time zone and colour mode.
import { getInputProps, getSelectProps } from "@conform-to/react";
import { Palette } from "lucide-react";
import { useActionData } from "react-router";
import { COLOUR_MODES } from "../../../../core/tenancy/colour-mode.ts";
import { preferencesFormSchema } from "../../../../core/account/account-schemas.ts";
import type { LocaleOption } from "../../../../core/i18n/locale-names.ts";
import { useTimeZone } from "../../../components/shell/local-time.tsx";
import { LanguageCombobox, LanguageOptions } from "../../../components/shell/preference-forms.tsx";
import { FieldErrorText } from "../../../components/ui/field.tsx";
import { FormField, SelectField, type FormFieldMeta } from "../../../components/ui/form-field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import { resultFor, useAppForm } from "../../../lib/forms.ts";
import { useErrorText, useT } from "../../../lib/i18n.tsx";
import { iconClass, Section, SectionForm } from "./profile-section.tsx";

export function PreferencesSection({
  locale,
  colourMode,
  options,
  timeZones,
}: {
  locale: string;
  colourMode: string;
  options: LocaleOption[];
  timeZones: string[];
}) {
  const t = useT();
  const hydrated = useHydrated();
  // The kept zone (or, on the first visit, the browser's, which the studio frame keeps at once).
  const timeZone = useTimeZone();
  const [form, fields] = useAppForm({
    schema: preferencesFormSchema,
    id: "profile-preferences",
    lastResult: resultFor(useActionData(), "preferences"),
    defaultValue: { locale, colourMode, timeZone },
  });
  return (
    <Section
      icon={<Palette aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.preferences.title")}
      description={t("studio.profile.preferences.description")}
    >
      <SectionForm
        form={form}
        intent="preferences"
        label={t("studio.profile.preferences.title")}
        submit={t("studio.profile.preferences.submit")}
      >
        <FormField field={fields.locale} label={t("locale.label")} required>
          {/* A select without JavaScript; searchable once React runs. */}
          {hydrated ? (
            <LanguageCombobox name={fields.locale.name} options={options} value={locale} />
          ) : (
            <Select {...getSelectProps(fields.locale, { ariaAttributes: false })}>
              <LanguageOptions options={options} />
            </Select>
          )}
        </FormField>
        <SelectField
          field={fields.timeZone}
          label={t("studio.profile.preferences.timeZone")}
          hint={t("studio.profile.preferences.timeZoneHint")}
          required
        >
          {(timeZones.includes(timeZone) ? timeZones : [timeZone, ...timeZones]).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <ColourModeChoice field={fields.colourMode} />
      </SectionForm>
    </Section>
  );
}

/** The colour mode: one radio button per mode, under a legend. */
function ColourModeChoice({ field }: { field: FormFieldMeta<string> }) {
  const t = useT();
  const errorText = useErrorText();
  const errors = errorText(field.errors) ?? [];
  const errorId = `${field.id}-error`;
  return (
    <fieldset aria-describedby={errors.length > 0 ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100">
        {t("colourMode.label")}
      </legend>
      <div className="flex flex-wrap gap-2">
        {COLOUR_MODES.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-(--color-focus-ring) dark:border-slate-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
          >
            <input
              {...getInputProps(field, { type: "radio", value: mode, ariaAttributes: false })}
              id={`${field.id}-${mode}`}
              className="accent-primary-700 dark:accent-primary-400"
            />
            {t(`colourMode.${mode}`)}
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} errors={errors} />
    </fieldset>
  );
}
