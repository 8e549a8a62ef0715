// The studio's showtime dialogs: add a showtime (cinema and movie picked by typing, the listing day and
// time in the cinema's zone) and re-attribute a selection to another movie. Checked in the browser by
// their core schemas (Conform) and again by the action; errors are message references.
import { getInputProps, getSelectProps } from "@conform-to/react";
import {
  addShowtimeSchema,
  AUDITORIUM_MAX,
  AVAILABILITIES,
  BOOKING_URL_MAX,
  reattributeShowtimesSchema,
} from "../../../core/showtimes/showtime-forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { DatePicker } from "../ui/date-picker.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

export function AddShowtimeForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaultDate,
  attributes,
  cinemaSource,
  movieSource,
}: FormBase & {
  defaultDate: string;
  attributes: readonly SelectOption[];
  cinemaSource: string;
  movieSource: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: addShowtimeSchema,
    id: `showtime-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "add"),
    defaultValue: { date: defaultDate, availability: "unknown" },
  });
  const text = (
    field: (typeof fields)[
      "time" | "auditorium" | "audioLanguage" | "subtitleLanguages" | "bookingUrl" | "currency"],
    type: "text" | "url" | "time" = "text",
  ) => {
    const { key, ...props } = getInputProps(field, { type, ariaAttributes: false });
    return { inputKey: key, props };
  };
  const { key: dateKey, ...date } = getInputProps(fields.date, { type: "date", ariaAttributes: false });
  const time = text(fields.time, "time");
  const auditorium = text(fields.auditorium);
  const audio = text(fields.audioLanguage);
  const subtitles = text(fields.subtitleLanguages);
  const booking = text(fields.bookingUrl, "url");
  const { key: priceMinKey, ...priceMin } = getInputProps(fields.priceMin, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: priceMaxKey, ...priceMax } = getInputProps(fields.priceMax, {
    type: "text",
    ariaAttributes: false,
  });
  const currency = text(fields.currency);
  const { key: attributesKey, ...attributeSelect } = getSelectProps(fields.attributes, {
    ariaAttributes: false,
  });
  const { key: availabilityKey, ...availability } = getSelectProps(fields.availability, {
    ariaAttributes: false,
  });
  const availabilityOptions = AVAILABILITIES.map((value) => ({
    value,
    label: t(`studio.dataShowtimes.availability.${value}`),
  }));

  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="add"
      secondary={secondary}
      submitLabel={t("studio.dataShowtimes.form.submit")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.dataShowtimes.form.cinema")}
          error={errorText(fields.cinemaId.errors)}
          id={fields.cinemaId.id}
          required
        >
          <Combobox
            key={fields.cinemaId.key}
            name={fields.cinemaId.name}
            source={cinemaSource}
            placeholder={t("studio.dataShowtimes.filter.anyCinema")}
          />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.movie")}
          error={errorText(fields.movieId.errors)}
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
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.dataShowtimes.form.date")}
          error={errorText(fields.date.errors)}
          id={fields.date.id}
          required
        >
          <DatePicker key={dateKey} {...date} />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.time")}
          hint={t("studio.dataShowtimes.form.timeHint")}
          error={errorText(fields.time.errors)}
          id={fields.time.id}
          required
        >
          <Input key={time.inputKey} {...time.props} className="w-auto min-w-32" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.dataShowtimes.form.auditorium")}
          error={errorText(fields.auditorium.errors)}
          id={fields.auditorium.id}
        >
          <Input
            key={auditorium.inputKey}
            {...auditorium.props}
            maxLength={AUDITORIUM_MAX}
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.availability")}
          error={errorText(fields.availability.errors)}
          id={fields.availability.id}
        >
          <Select key={availabilityKey} {...availability} options={availabilityOptions} />
        </Field>
      </div>
      <Field
        label={t("studio.dataShowtimes.form.attributes")}
        error={errorText(fields.attributes.errors)}
        id={fields.attributes.id}
      >
        <Select key={attributesKey} {...attributeSelect} multiple size={5} options={attributes} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.dataShowtimes.form.audioLanguage")}
          hint={t("studio.dataShowtimes.form.languageHint")}
          error={errorText(fields.audioLanguage.errors)}
          id={fields.audioLanguage.id}
        >
          <Input key={audio.inputKey} {...audio.props} maxLength={2} autoComplete="off" spellCheck={false} />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.subtitleLanguages")}
          hint={t("studio.dataShowtimes.form.languageHint")}
          error={errorText(fields.subtitleLanguages.errors)}
          id={fields.subtitleLanguages.id}
        >
          <Input key={subtitles.inputKey} {...subtitles.props} autoComplete="off" spellCheck={false} />
        </Field>
      </div>
      <Field
        label={t("studio.dataShowtimes.form.bookingUrl")}
        error={errorText(fields.bookingUrl.errors)}
        id={fields.bookingUrl.id}
      >
        <Input key={booking.inputKey} {...booking.props} maxLength={BOOKING_URL_MAX} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("studio.dataShowtimes.form.priceMin")}
          error={errorText(fields.priceMin.errors)}
          id={fields.priceMin.id}
        >
          <Input key={priceMinKey} {...priceMin} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.priceMax")}
          error={errorText(fields.priceMax.errors)}
          id={fields.priceMax.id}
        >
          <Input key={priceMaxKey} {...priceMax} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field
          label={t("studio.dataShowtimes.form.currency")}
          error={errorText(fields.currency.errors)}
          id={fields.currency.id}
        >
          <Input key={currency.inputKey} {...currency.props} maxLength={3} autoComplete="off" />
        </Field>
      </div>
    </IntentForm>
  );
}

export function ReattributeForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  ids,
  movieSource,
}: FormBase & { ids: readonly string[]; movieSource: string }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: reattributeShowtimesSchema,
    id: `reattribute-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "reattribute"),
    defaultValue: { ids: ids.join(",") },
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="reattribute"
      hidden={{ ids: ids.join(",") }}
      secondary={secondary}
      submitLabel={t("studio.dataShowtimes.reattribute.submit")}
    >
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
