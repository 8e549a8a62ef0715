// The cinema form of the studio: checked in the browser by its core schema (Conform) and again by the
// action; errors are message references. The booking template shows the link it makes for a sample show.
import { getInputProps, getSelectProps } from "@conform-to/react";
import {
  BOOKING_PLACEHOLDERS,
  fillBookingTemplate,
  SAMPLE_BOOKING_VALUES,
} from "../../../core/catalog/booking-template.ts";
import {
  CINEMA_NAME_MAX,
  CINEMA_TEXT_MAX,
  createCinemaSchema,
  updateCinemaSchema,
} from "../../../core/catalog/cinema-forms.ts";
import { WEBSITE_MAX } from "../../../core/catalog/forms.ts";
import { SLUG_MAX } from "../../../core/forms/fields.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

export type CinemaFormValues = {
  cinemaId?: string;
  name: string;
  slug: string;
  chainId: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  timeZone: string;
  website: string;
  bookingUrlTemplate: string;
  phone: string;
  screens: string;
  seats: string;
  osmId: string;
  nationalId: string;
  posSiteId: string;
};

export const EMPTY_CINEMA: CinemaFormValues = {
  name: "",
  slug: "",
  chainId: "",
  address: "",
  postalCode: "",
  city: "",
  countryCode: "",
  latitude: "",
  longitude: "",
  timeZone: "",
  website: "",
  bookingUrlTemplate: "",
  phone: "",
  screens: "",
  seats: "",
  osmId: "",
  nationalId: "",
  posSiteId: "",
};

/** The link the template makes for the sample show, or nothing while it cannot make one (an invalid template). */
function previewLink(template: string | undefined): string | null {
  const text = template?.trim();
  return text ? fillBookingTemplate(text, SAMPLE_BOOKING_VALUES) : null;
}

export function CinemaForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
  countries,
  chains,
}: FormBase & {
  defaults: CinemaFormValues;
  countries: readonly SelectOption[];
  chains: readonly SelectOption[];
}) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.cinemaId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.cinemaId ? updateCinemaSchema : createCinemaSchema,
    id: `cinema-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: defaults,
  });
  const text = (field: (typeof fields)[keyof typeof fields]) => {
    const { key, ...props } = getInputProps(field, { type: "text", ariaAttributes: false });
    return { inputKey: key, props };
  };
  const name = text(fields.name);
  const slug = text(fields.slug);
  const address = text(fields.address);
  const postalCode = text(fields.postalCode);
  const city = text(fields.city);
  const latitude = text(fields.latitude);
  const longitude = text(fields.longitude);
  const timeZone = text(fields.timeZone);
  const { key: websiteKey, ...website } = getInputProps(fields.website, {
    type: "url",
    ariaAttributes: false,
  });
  const template = text(fields.bookingUrlTemplate);
  const phone = text(fields.phone);
  const screens = text(fields.screens);
  const seats = text(fields.seats);
  const osmId = text(fields.osmId);
  const nationalId = text(fields.nationalId);
  const posSiteId = text(fields.posSiteId);
  const { key: countryKey, ...country } = getSelectProps(fields.countryCode, { ariaAttributes: false });
  const { key: chainKey, name: chainName } = fields.chainId;
  const preview = previewLink(fields.bookingUrlTemplate.value);
  const coordinateHint = `${fields.latitude.id}-coordinates`;

  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.cinemaId ? { cinemaId: defaults.cinemaId } : undefined}
      secondary={secondary}
      submitLabel={t(defaults.cinemaId ? "studio.cinemas.form.save" : "studio.cinemas.form.create")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.cinemas.form.name")}
          error={errorText(fields.name.errors)}
          id={fields.name.id}
          required
        >
          <Input key={name.inputKey} {...name.props} maxLength={CINEMA_NAME_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.cinemas.form.slug")}
          hint={t("studio.cinemas.form.slugHint")}
          error={errorText(fields.slug.errors)}
          id={fields.slug.id}
          required
        >
          <Input
            key={slug.inputKey}
            {...slug.props}
            maxLength={SLUG_MAX}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <Field
        label={t("studio.cinemas.form.chain")}
        error={errorText(fields.chainId.errors)}
        id={fields.chainId.id}
      >
        <Combobox
          key={chainKey}
          name={chainName}
          options={chains}
          defaultOption={chains.find((option) => option.value === defaults.chainId) ?? null}
          placeholder={t("studio.cinemas.form.noChain")}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field
          label={t("studio.cinemas.form.address")}
          error={errorText(fields.address.errors)}
          id={fields.address.id}
        >
          <Input key={address.inputKey} {...address.props} maxLength={CINEMA_TEXT_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.cinemas.form.postalCode")}
          error={errorText(fields.postalCode.errors)}
          id={fields.postalCode.id}
        >
          <Input key={postalCode.inputKey} {...postalCode.props} maxLength={20} autoComplete="off" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.cinemas.form.city")}
          error={errorText(fields.city.errors)}
          id={fields.city.id}
          required
        >
          <Input key={city.inputKey} {...city.props} maxLength={CINEMA_TEXT_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.cinemas.form.country")}
          error={errorText(fields.countryCode.errors)}
          id={fields.countryCode.id}
          required
        >
          <Select
            key={countryKey}
            {...country}
            placeholder={t("studio.chains.merge.choose")}
            options={countries}
          />
        </Field>
      </div>
      <fieldset className="grid gap-2" aria-describedby={coordinateHint}>
        <legend className="sr-only">{t("studio.cinemas.col.coordinates")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("studio.cinemas.form.latitude")}
            error={errorText(fields.latitude.errors)}
            id={fields.latitude.id}
          >
            <Input key={latitude.inputKey} {...latitude.props} inputMode="decimal" autoComplete="off" />
          </Field>
          <Field
            label={t("studio.cinemas.form.longitude")}
            error={errorText(fields.longitude.errors)}
            id={fields.longitude.id}
          >
            <Input key={longitude.inputKey} {...longitude.props} inputMode="decimal" autoComplete="off" />
          </Field>
        </div>
        <p id={coordinateHint} className="text-sm text-slate-600 dark:text-slate-400">
          {t("studio.cinemas.form.coordinatesHint")}
        </p>
      </fieldset>
      <Field
        label={t("studio.cinemas.form.timeZone")}
        hint={t("studio.cinemas.form.timeZoneHint")}
        error={errorText(fields.timeZone.errors)}
        id={fields.timeZone.id}
        required
      >
        <Input
          key={timeZone.inputKey}
          {...timeZone.props}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field
          label={t("studio.cinemas.form.website")}
          error={errorText(fields.website.errors)}
          id={fields.website.id}
        >
          <Input key={websiteKey} {...website} maxLength={WEBSITE_MAX} autoComplete="off" />
        </Field>
        <Field
          label={t("studio.cinemas.form.phone")}
          error={errorText(fields.phone.errors)}
          id={fields.phone.id}
        >
          <Input key={phone.inputKey} {...phone.props} type="tel" maxLength={40} autoComplete="off" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.cinemas.form.screens")}
          error={errorText(fields.screens.errors)}
          id={fields.screens.id}
        >
          <Input key={screens.inputKey} {...screens.props} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field
          label={t("studio.cinemas.form.seats")}
          error={errorText(fields.seats.errors)}
          id={fields.seats.id}
        >
          <Input key={seats.inputKey} {...seats.props} inputMode="numeric" autoComplete="off" />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-slate-100">
          {t("studio.cinemas.form.externalIds")}
        </legend>
        <Field
          label={t("studio.cinemas.form.osmId")}
          hint={t("studio.cinemas.form.osmIdHint")}
          error={errorText(fields.osmId.errors)}
          id={fields.osmId.id}
        >
          <Input key={osmId.inputKey} {...osmId.props} maxLength={40} autoComplete="off" spellCheck={false} />
        </Field>
        <Field
          label={t("studio.cinemas.form.nationalId")}
          error={errorText(fields.nationalId.errors)}
          id={fields.nationalId.id}
        >
          <Input
            key={nationalId.inputKey}
            {...nationalId.props}
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field
          label={t("studio.cinemas.form.posSiteId")}
          error={errorText(fields.posSiteId.errors)}
          id={fields.posSiteId.id}
        >
          <Input
            key={posSiteId.inputKey}
            {...posSiteId.props}
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </fieldset>
      <Field
        label={t("studio.cinemas.form.bookingUrlTemplate")}
        hint={t("studio.cinemas.form.bookingUrlTemplateHint", {
          placeholders: BOOKING_PLACEHOLDERS.map((p) => `{${p}}`).join(", "),
        })}
        error={errorText(fields.bookingUrlTemplate.errors)}
        id={fields.bookingUrlTemplate.id}
      >
        <Input
          key={template.inputKey}
          {...template.props}
          maxLength={WEBSITE_MAX}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <p
        aria-live="polite"
        data-testid="booking-preview"
        className="text-sm text-slate-600 dark:text-slate-400"
      >
        {preview ? (
          <>
            {t("studio.cinemas.form.preview", {
              ref: SAMPLE_BOOKING_VALUES.source_ref,
              site: SAMPLE_BOOKING_VALUES.cinema_ref,
              date: SAMPLE_BOOKING_VALUES.date,
              time: SAMPLE_BOOKING_VALUES.time,
            })}{" "}
            <code className="font-mono break-all text-slate-900 dark:text-slate-100">{preview}</code>
          </>
        ) : (
          t("studio.cinemas.form.previewNone")
        )}
      </p>
    </IntentForm>
  );
}
