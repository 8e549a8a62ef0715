// The cinema form of the studio: checked in the browser by its core schema (Conform) and again by the
// action; errors are message references. The booking template shows the link it makes for a sample show.
import {
  BOOKING_PLACEHOLDERS,
  fillBookingTemplate,
  SAMPLE_BOOKING_VALUES,
} from "../../../core/catalog/cinemas/booking-template.ts";
import {
  CINEMA_NAME_MAX,
  CINEMA_TEXT_MAX,
  createCinemaSchema,
  updateCinemaSchema,
} from "../../../core/catalog/cinemas/cinema-schemas.ts";
import { WEBSITE_MAX } from "../../../core/catalog/catalog-schemas.ts";
import { SLUG_MAX } from "../../../core/forms/fields.ts";
import { useT } from "../../lib/i18n.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { FormField, SelectField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { CodeField, DecimalField, NameField, NumericField, TextField } from "./studio-fields.tsx";

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

type CinemaFields = ReturnType<
  typeof useDialogForm<typeof createCinemaSchema | typeof updateCinemaSchema>
>["fields"];

export function CinemaForm({
  defaults,
  countries,
  chains,
  ...base
}: FormBase & {
  defaults: CinemaFormValues;
  countries: readonly SelectOption[];
  chains: readonly SelectOption[];
}) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `cinema-${base.fetcherKey}`,
    ...createOrUpdate("cinemaId", defaults.cinemaId, [createCinemaSchema, updateCinemaSchema]),
    defaultValue: defaults,
    submitLabel: t(defaults.cinemaId ? "studio.cinemas.form.save" : "studio.cinemas.form.create"),
  });
  return (
    <IntentForm {...frame}>
      <CinemaIdentityFields fields={fields} chains={chains} chainId={defaults.chainId} />
      <CinemaPlaceFields fields={fields} countries={countries} />
      <CinemaVenueFields fields={fields} />
      <CinemaExternalIds fields={fields} />
      <BookingTemplateField fields={fields} />
    </IntentForm>
  );
}

/** Name, slug and chain. */
function CinemaIdentityFields({
  fields,
  chains,
  chainId,
}: {
  fields: CinemaFields;
  chains: readonly SelectOption[];
  /** the chain the form opened with */
  chainId: string;
}) {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField field={fields.name} label={t("studio.cinemas.form.name")} maxLength={CINEMA_NAME_MAX} />
        <CodeField
          field={fields.slug}
          label={t("studio.cinemas.form.slug")}
          hint={t("studio.cinemas.form.slugHint")}
          required
          maxLength={SLUG_MAX}
        />
      </div>
      <FormField field={fields.chainId} label={t("studio.cinemas.form.chain")}>
        <Combobox
          key={fields.chainId.key}
          name={fields.chainId.name}
          options={chains}
          defaultOption={chains.find((option) => option.value === chainId) ?? null}
          placeholder={t("studio.cinemas.form.noChain")}
        />
      </FormField>
    </>
  );
}

/** Where the cinema is: address, city, country, coordinates and time zone. */
function CinemaPlaceFields({
  fields,
  countries,
}: {
  fields: CinemaFields;
  countries: readonly SelectOption[];
}) {
  const t = useT();
  const coordinateHint = `${fields.latitude.id}-coordinates`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          field={fields.address}
          label={t("studio.cinemas.form.address")}
          maxLength={CINEMA_TEXT_MAX}
        />
        <TextField field={fields.postalCode} label={t("studio.cinemas.form.postalCode")} maxLength={20} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.city}
          label={t("studio.cinemas.form.city")}
          required
          maxLength={CINEMA_TEXT_MAX}
        />
        <SelectField
          field={fields.countryCode}
          label={t("studio.cinemas.form.country")}
          required
          placeholder={t("studio.chains.merge.choose")}
          options={countries}
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={coordinateHint}>
        <legend className="sr-only">{t("studio.cinemas.col.coordinates")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <DecimalField field={fields.latitude} label={t("studio.cinemas.form.latitude")} />
          <DecimalField field={fields.longitude} label={t("studio.cinemas.form.longitude")} />
        </div>
        <p id={coordinateHint} className="text-sm text-slate-600 dark:text-slate-400">
          {t("studio.cinemas.form.coordinatesHint")}
        </p>
      </fieldset>
      <CodeField
        field={fields.timeZone}
        label={t("studio.cinemas.form.timeZone")}
        hint={t("studio.cinemas.form.timeZoneHint")}
        required
        maxLength={64}
      />
    </>
  );
}

/** Website, phone, screens and seats. */
function CinemaVenueFields({ fields }: { fields: CinemaFields }) {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          field={fields.website}
          type="url"
          label={t("studio.cinemas.form.website")}
          maxLength={WEBSITE_MAX}
        />
        <TextField field={fields.phone} type="tel" label={t("studio.cinemas.form.phone")} maxLength={40} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumericField field={fields.screens} label={t("studio.cinemas.form.screens")} />
        <NumericField field={fields.seats} label={t("studio.cinemas.form.seats")} />
      </div>
    </>
  );
}

/** OpenStreetMap, national register and point-of-sale ids. */
function CinemaExternalIds({ fields }: { fields: CinemaFields }) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-slate-100">
        {t("studio.cinemas.form.externalIds")}
      </legend>
      <CodeField
        field={fields.osmId}
        label={t("studio.cinemas.form.osmId")}
        hint={t("studio.cinemas.form.osmIdHint")}
        maxLength={40}
      />
      <CodeField field={fields.nationalId} label={t("studio.cinemas.form.nationalId")} maxLength={60} />
      <CodeField field={fields.posSiteId} label={t("studio.cinemas.form.posSiteId")} maxLength={60} />
    </fieldset>
  );
}

/** The booking link template, and the link it makes for a sample show. */
function BookingTemplateField({ fields }: { fields: CinemaFields }) {
  const t = useT();
  const preview = previewLink(fields.bookingUrlTemplate.value);
  return (
    <>
      <CodeField
        field={fields.bookingUrlTemplate}
        label={t("studio.cinemas.form.bookingUrlTemplate")}
        hint={t("studio.cinemas.form.bookingUrlTemplateHint", {
          placeholders: BOOKING_PLACEHOLDERS.map((p) => `{${p}}`).join(", "),
        })}
        maxLength={WEBSITE_MAX}
      />
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
    </>
  );
}
