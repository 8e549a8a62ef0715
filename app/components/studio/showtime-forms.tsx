// The studio's showtime dialogs: add a showtime (cinema and movie picked by typing, the listing day and
// time in the cinema's zone) and re-attribute a selection to another movie. Checked in the browser by
// their core schemas (Conform) and again by the action; errors are message references.
import { getInputProps } from "@conform-to/react";
import {
  addShowtimeSchema,
  AUDITORIUM_MAX,
  AVAILABILITIES,
  BOOKING_URL_MAX,
  reattributeShowtimesSchema,
} from "../../../core/showtimes/showtime-schemas.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { DatePicker } from "../ui/date-picker.tsx";
import { Field } from "../ui/field.tsx";
import { FormField, InputField, SelectField, type FormFieldMeta } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField, DecimalField, TextField } from "./studio-fields.tsx";

/** A cinema or movie picked by typing: the options come from `source`. */
function PickerField({
  field,
  label,
  source,
  placeholder,
}: {
  field: FormFieldMeta<string | undefined>;
  label: string;
  source: string;
  placeholder: string;
}) {
  return (
    <FormField field={field} label={label} required>
      <Combobox key={field.key} name={field.name} source={source} placeholder={placeholder} />
    </FormField>
  );
}

type ShowtimeFields = ReturnType<typeof useDialogForm<typeof addShowtimeSchema>>["fields"];

export function AddShowtimeForm({
  defaultDate,
  attributes,
  cinemaSource,
  movieSource,
  ...base
}: FormBase & {
  defaultDate: string;
  attributes: readonly SelectOption[];
  cinemaSource: string;
  movieSource: string;
}) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `showtime-${base.fetcherKey}`,
    intent: "add",
    schema: addShowtimeSchema,
    defaultValue: { date: defaultDate, availability: "unknown" },
    submitLabel: t("studio.dataShowtimes.form.submit"),
  });
  return (
    <IntentForm {...frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        <PickerField
          field={fields.cinemaId}
          label={t("studio.dataShowtimes.form.cinema")}
          source={cinemaSource}
          placeholder={t("studio.dataShowtimes.filter.anyCinema")}
        />
        <PickerField
          field={fields.movieId}
          label={t("studio.dataShowtimes.form.movie")}
          source={movieSource}
          placeholder={t("studio.dataShowtimes.filter.anyMovie")}
        />
      </div>
      <ShowtimeWhenFields fields={fields} />
      <SelectField
        field={fields.attributes}
        label={t("studio.dataShowtimes.form.attributes")}
        multiple
        size={5}
        options={attributes}
      />
      <ShowtimeOfferFields fields={fields} />
    </IntentForm>
  );
}

/** The day and time in the cinema's zone, the auditorium and the availability. */
function ShowtimeWhenFields({ fields }: { fields: ShowtimeFields }) {
  const t = useT();
  const { key: dateKey, ...date } = getInputProps(fields.date, { type: "date", ariaAttributes: false });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.date} label={t("studio.dataShowtimes.form.date")} required>
          <DatePicker key={dateKey} {...date} />
        </FormField>
        <InputField
          field={fields.time}
          type="time"
          label={t("studio.dataShowtimes.form.time")}
          hint={t("studio.dataShowtimes.form.timeHint")}
          required
          className="w-auto min-w-32"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.auditorium}
          label={t("studio.dataShowtimes.form.auditorium")}
          maxLength={AUDITORIUM_MAX}
        />
        <SelectField
          field={fields.availability}
          label={t("studio.dataShowtimes.form.availability")}
          options={AVAILABILITIES.map((value) => ({
            value,
            label: t(`studio.dataShowtimes.availability.${value}`),
          }))}
        />
      </div>
    </>
  );
}

/** The languages, the booking link and the prices. */
function ShowtimeOfferFields({ fields }: { fields: ShowtimeFields }) {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <CodeField
          field={fields.audioLanguage}
          label={t("studio.dataShowtimes.form.audioLanguage")}
          hint={t("studio.dataShowtimes.form.languageHint")}
          maxLength={2}
        />
        <CodeField
          field={fields.subtitleLanguages}
          label={t("studio.dataShowtimes.form.subtitleLanguages")}
          hint={t("studio.dataShowtimes.form.languageHint")}
        />
      </div>
      <TextField
        field={fields.bookingUrl}
        type="url"
        label={t("studio.dataShowtimes.form.bookingUrl")}
        maxLength={BOOKING_URL_MAX}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <DecimalField field={fields.priceMin} label={t("studio.dataShowtimes.form.priceMin")} />
        <DecimalField field={fields.priceMax} label={t("studio.dataShowtimes.form.priceMax")} />
        <TextField field={fields.currency} label={t("studio.dataShowtimes.form.currency")} maxLength={3} />
      </div>
    </>
  );
}

export function ReattributeForm({
  ids,
  movieSource,
  ...base
}: FormBase & { ids: readonly string[]; movieSource: string }) {
  const t = useT();
  const errorText = useErrorText();
  const { fields, frame } = useDialogForm(base, {
    id: `reattribute-${base.fetcherKey}`,
    intent: "reattribute",
    schema: reattributeShowtimesSchema,
    defaultValue: { ids: ids.join(",") },
    hidden: { ids: ids.join(",") },
    submitLabel: t("studio.dataShowtimes.reattribute.submit"),
  });
  return (
    <IntentForm {...frame}>
      {/* A refused selection (the hidden ids) is told under the movie picker. */}
      <Field
        label={t("studio.dataShowtimes.reattribute.movie")}
        error={errorText(fields.movieId.errors ?? fields.ids.errors)}
        id={fields.movieId.id}
        required
      >
        <Combobox
          key={fields.movieId.key}
          name={fields.movieId.name}
          source={movieSource}
          placeholder={t("studio.dataShowtimes.filter.anyMovie")}
        />
      </Field>
    </IntentForm>
  );
}
