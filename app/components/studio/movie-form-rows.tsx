// The repeatable rows of the movie form (movie-forms.tsx): a title and synopsis per language, a release
// date and certification per country; each row removable, a new one added below.
import { Plus, Trash2 } from "lucide-react";
import {
  CERTIFICATION_MAX,
  MOVIE_TITLE_MAX,
  SYNOPSIS_MAX,
} from "../../../core/catalog/movies/movie-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button, type ButtonProps } from "../ui/button.tsx";
import { InputField, SelectField, TextareaField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { Section, type MovieFields, type MovieFormMeta } from "./movie-form-sections.tsx";
import type { MovieCountryRow, MovieLocaleRow } from "./movie-forms.tsx";
import { TextField } from "./studio-fields.tsx";

export const EMPTY_LOCALE: MovieLocaleRow = { locale: "", title: "", synopsis: "" };
export const EMPTY_COUNTRY: MovieCountryRow = { country: "", releaseDate: "", certification: "" };

/** Removes a row: `props` are Conform's remove button props. */
function RemoveRowButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button variant="ghost" size="icon" {...props}>
      <Trash2 aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Button>
  );
}

/** Adds a row below the others: `props` are Conform's insert button props. */
function AddRowButton({ children, ...props }: ButtonProps) {
  return (
    <div>
      <Button variant="outline" size="sm" {...props}>
        <Plus aria-hidden="true" />
        {children}
      </Button>
    </div>
  );
}

/** A title and a synopsis per language. */
export function MovieLanguagesSection({
  form,
  fields,
  locales,
}: {
  form: MovieFormMeta;
  fields: MovieFields;
  locales: readonly SelectOption[];
}) {
  const t = useT();
  return (
    <Section title={t("studio.dataMovies.form.languages")}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("studio.dataMovies.form.languagesHint")}
      </p>
      {fields.locales.getFieldList().map((row, index) => {
        const cells = row.getFieldset();
        return (
          <div
            key={row.key}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            data-testid="locale-row"
          >
            <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
              <SelectField
                field={cells.locale}
                label={t("studio.dataMovies.form.locale")}
                placeholder={t("studio.dataMovies.form.choose")}
                options={locales}
              />
              <TextField
                field={cells.title}
                label={t("studio.dataMovies.form.localizedTitle")}
                maxLength={MOVIE_TITLE_MAX}
              />
              <RemoveRowButton
                {...form.remove.getButtonProps({ name: fields.locales.name, index })}
                label={t("studio.dataMovies.form.removeLocale", { n: index + 1 })}
              />
            </div>
            <TextareaField
              field={cells.synopsis}
              label={t("studio.dataMovies.form.synopsis")}
              rows={3}
              maxLength={SYNOPSIS_MAX}
            />
          </div>
        );
      })}
      <AddRowButton
        {...form.insert.getButtonProps({ name: fields.locales.name, defaultValue: EMPTY_LOCALE })}
      >
        {t("studio.dataMovies.form.addLocale")}
      </AddRowButton>
    </Section>
  );
}

/** A release date and a certification per country ("WW": worldwide). */
export function MovieReleasesSection({
  form,
  fields,
  countries,
}: {
  form: MovieFormMeta;
  fields: MovieFields;
  countries: readonly SelectOption[];
}) {
  const t = useT();
  const countryOptions = [{ value: "WW", label: t("studio.dataMovies.form.worldwide") }, ...countries];
  return (
    <Section title={t("studio.dataMovies.form.countries")}>
      {fields.countries.getFieldList().map((row, index) => {
        const cells = row.getFieldset();
        return (
          <div
            key={row.key}
            className="grid gap-3 sm:grid-cols-[1fr_11rem_8rem_auto] sm:items-end"
            data-testid="country-row"
          >
            <SelectField
              field={cells.country}
              label={t("studio.dataMovies.form.country")}
              placeholder={t("studio.dataMovies.form.choose")}
              options={countryOptions}
            />
            <InputField
              field={cells.releaseDate}
              type="date"
              label={t("studio.dataMovies.form.releaseDate")}
            />
            <TextField
              field={cells.certification}
              label={t("studio.dataMovies.form.certification")}
              maxLength={CERTIFICATION_MAX}
            />
            <RemoveRowButton
              {...form.remove.getButtonProps({ name: fields.countries.name, index })}
              label={t("studio.dataMovies.form.removeCountry", { n: index + 1 })}
            />
          </div>
        );
      })}
      <AddRowButton
        {...form.insert.getButtonProps({ name: fields.countries.name, defaultValue: EMPTY_COUNTRY })}
      >
        {t("studio.dataMovies.form.addCountry")}
      </AddRowButton>
    </Section>
  );
}
