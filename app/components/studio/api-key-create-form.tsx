// The create form of /studio/api-keys: kind, name, expiry, rate limit and a country subset, checked by
// the core schema in the browser (Conform) and again by the action. A success hands the revealed key
// to the page, which shows it once.
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_KINDS,
  API_KEY_NAME_MAX,
  createApiKeySchema,
  RATE_LIMIT_DEFAULT,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
} from "../../../core/api-keys/api-key-schemas.ts";
import { INTENT_FIELD, resultFor, useAppForm } from "../../lib/forms.ts";
import { useDisplayNames } from "../../lib/use-display-names.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { FieldErrorText, errorMessages } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { InputField, SelectField } from "../ui/form-field.tsx";
import type { RevealedKeyView } from "./api-key-reveal.tsx";
import { FormActions } from "./intent-form.tsx";
import { usePayloadFetcher } from "./payload-fetcher.ts";
import { TextField } from "./studio-fields.tsx";

/** Country names in the reader's language ("NL" → "Netherlands" / "Nederland"). */
export function useCountryName() {
  const names = useDisplayNames();
  return (code: string) => names.country(code);
}

const radioClasses = cx(
  "mt-0.5 size-4 shrink-0 cursor-pointer accent-primary-700 dark:accent-primary-400",
  focusRing,
);

function useApiKeyForm(options: { id: string; lastResult: ReturnType<typeof resultFor> }) {
  return useAppForm({
    schema: createApiKeySchema,
    ...options,
    defaultValue: { kind: "secret", expiry: "never", rateLimitPerMinute: String(RATE_LIMIT_DEFAULT) },
  });
}

type ApiKeyFields = ReturnType<typeof useApiKeyForm>[1];

export function ApiKeyCreateForm(props: {
  /** the page's route (its action handles intent=create) */
  action: string;
  /** the countries the client is granted: the subset is chosen among them */
  countries: readonly string[];
  fetcherKey: string;
  /** the page's own action data: the answer to a submission made without JavaScript */
  documentResult?: unknown;
  onCreated?: (revealed: RevealedKeyView) => void;
  secondary?: ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = usePayloadFetcher<RevealedKeyView>(props.fetcherKey, (revealed) => {
    if (revealed) props.onCreated?.(revealed);
  });
  const [form, fields] = useApiKeyForm({
    id: `api-key-${props.fetcherKey}`,
    lastResult: resultFor(fetcher.data ?? props.documentResult, "create"),
  });
  return (
    <fetcher.Form method="post" action={props.action} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="create" />
      <FormError>{errorText(form.errors)?.join(" ")}</FormError>

      <KindChoice fields={fields} />

      <TextField
        field={fields.name}
        label={t("studio.apiKeys.form.name")}
        hint={t("studio.apiKeys.form.nameHint")}
        required
        maxLength={API_KEY_NAME_MAX}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.expiry}
          label={t("studio.apiKeys.form.expiry")}
          options={API_KEY_EXPIRY_CHOICES.map((choice) => ({
            value: choice,
            label: t(`studio.apiKeys.expiry.${choice}`),
          }))}
        />
        <InputField
          field={fields.rateLimitPerMinute}
          type="number"
          label={t("studio.apiKeys.form.rateLimit")}
          hint={t("studio.apiKeys.form.rateLimitHint")}
          min={RATE_LIMIT_MIN}
          max={RATE_LIMIT_MAX}
          step={1}
          inputMode="numeric"
        />
      </div>

      <CountrySubset fields={fields} countries={props.countries} />

      <FormActions
        secondary={props.secondary}
        pending={fetcher.state !== "idle"}
        label={t("studio.apiKeys.form.create")}
      />
    </fetcher.Form>
  );
}

/** Secret or publishable: one radio each, with what the kind may do. */
function KindChoice({ fields }: { fields: ApiKeyFields }) {
  const t = useT();
  const errorText = useErrorText();
  const kindValue = typeof fields.kind.value === "string" ? fields.kind.value : "secret";
  const kindErrors = errorMessages(errorText(fields.kind.errors));
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={kindErrors.length ? `${fields.kind.id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
        {t("studio.apiKeys.form.kind")}
      </legend>
      {API_KEY_KINDS.map((kind) => (
        <div key={kind} className="flex items-start gap-2">
          <input
            type="radio"
            id={`${fields.kind.id}-${kind}`}
            name={fields.kind.name}
            value={kind}
            defaultChecked={kindValue === kind}
            aria-describedby={`${fields.kind.id}-${kind}-hint`}
            className={radioClasses}
          />
          <div className="flex flex-col gap-0.5">
            <label
              htmlFor={`${fields.kind.id}-${kind}`}
              className="cursor-pointer text-sm font-medium text-slate-900 dark:text-slate-100"
            >
              {t(`studio.apiKeys.kind.${kind}`)}
            </label>
            <p id={`${fields.kind.id}-${kind}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              {t(`studio.apiKeys.kindHint.${kind}`)}
            </p>
          </div>
        </div>
      ))}
      <FieldErrorText id={`${fields.kind.id}-error`} errors={kindErrors} />
    </fieldset>
  );
}

/** The countries the key may read, among the client's; none ticked means all of them. */
function CountrySubset({ fields, countries }: { fields: ApiKeyFields; countries: readonly string[] }) {
  const t = useT();
  const errorText = useErrorText();
  const countryName = useCountryName();
  const chosen = new Set(
    Array.isArray(fields.countries.value)
      ? fields.countries.value.filter((v): v is string => typeof v === "string")
      : typeof fields.countries.value === "string"
        ? [fields.countries.value]
        : [],
  );
  // Server refusals sit on "countries", the browser's on each entry ("countries[0]").
  const countryErrors = errorMessages(
    errorText([...new Set(Object.values(fields.countries.allErrors).flat())]),
  );
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={[
        `${fields.countries.id}-hint`,
        countryErrors.length ? `${fields.countries.id}-error` : null,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
        {t("studio.apiKeys.form.countries")}
      </legend>
      {countries.length > 0 ? (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {countries.map((code) => (
            <label key={code} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.countries.name}
                value={code}
                defaultChecked={chosen.has(code)}
                className={cx("size-4 cursor-pointer accent-primary-700 dark:accent-primary-400", focusRing)}
              />
              <span>
                {countryName(code)} <span className="text-slate-600 dark:text-slate-400">({code})</span>
              </span>
            </label>
          ))}
        </div>
      ) : null}
      <p id={`${fields.countries.id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {countries.length > 0 ? t("studio.apiKeys.form.countriesHint") : t("studio.apiKeys.form.noCountries")}
      </p>
      <FieldErrorText id={`${fields.countries.id}-error`} errors={countryErrors} />
    </fieldset>
  );
}
