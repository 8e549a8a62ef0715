// The create form of /studio/api-keys: kind, name, expiry, rate limit and a country subset, checked by
// the core schema in the browser (Conform) and again by the action. A success hands the revealed key
// to the page, which shows it once.
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useEffect, useEffectEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_KINDS,
  API_KEY_NAME_MAX,
  createApiKeySchema,
  RATE_LIMIT_DEFAULT,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
} from "../../../core/api-keys/forms.ts";
import { INTENT_FIELD, resultFor, useAppForm, type ActionResult } from "../../lib/forms.ts";
import { useDisplayNames } from "../../lib/display-names.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Field, FieldErrorText, errorMessages } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { useToastFromData } from "../ui/toast.ts";
import type { RevealedKeyView } from "./api-key-reveal.tsx";

/** Country names in the reader's language ("NL" → "Netherlands" / "Nederland"). */
export function useCountryName() {
  const names = useDisplayNames();
  return (code: string) => names.country(code);
}

const radioClasses = cx(
  "mt-0.5 size-4 shrink-0 cursor-pointer accent-primary-700 dark:accent-primary-400",
  focusRing,
);

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
  const countryName = useCountryName();
  const fetcher = useFetcher<ActionResult<RevealedKeyView>>({ key: props.fetcherKey });
  const [form, fields] = useAppForm({
    schema: createApiKeySchema,
    id: `api-key-${props.fetcherKey}`,
    lastResult: resultFor(fetcher.data ?? props.documentResult, "create"),
    defaultValue: { kind: "secret", expiry: "never", rateLimitPerMinute: String(RATE_LIMIT_DEFAULT) },
  });
  const pending = fetcher.state !== "idle";

  // The form shows a refusal itself (above or beside its fields): only successes are toasted.
  useToastFromData(fetcher.state === "idle" ? fetcher.data : undefined, { errorsShownInline: true });
  const created = useEffectEvent((revealed: RevealedKeyView) => props.onCreated?.(revealed));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result.status === "success" && fetcher.data.payload)
      created(fetcher.data.payload);
  }, [fetcher.state, fetcher.data]);

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text", ariaAttributes: false });
  const { key: limitKey, ...limitProps } = getInputProps(fields.rateLimitPerMinute, {
    type: "number",
    ariaAttributes: false,
  });
  const { key: expiryKey, ...expiryProps } = getSelectProps(fields.expiry, { ariaAttributes: false });
  const kindValue = typeof fields.kind.value === "string" ? fields.kind.value : "secret";
  const chosenCountries = new Set(
    Array.isArray(fields.countries.value)
      ? fields.countries.value.filter((v): v is string => typeof v === "string")
      : typeof fields.countries.value === "string"
        ? [fields.countries.value]
        : [],
  );
  const kindErrors = errorMessages(errorText(fields.kind.errors));
  // Server refusals sit on "countries", the browser's on each entry ("countries[0]").
  const countryErrors = errorMessages(
    errorText([...new Set(Object.values(fields.countries.allErrors).flat())]),
  );

  return (
    <fetcher.Form method="post" action={props.action} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="create" />
      <FormError>{errorText(form.errors)?.join(" ")}</FormError>

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

      <Field
        label={t("studio.apiKeys.form.name")}
        hint={t("studio.apiKeys.form.nameHint")}
        error={errorText(fields.name.errors)}
        id={fields.name.id}
        required
      >
        <Input key={nameKey} {...nameProps} maxLength={API_KEY_NAME_MAX} autoComplete="off" />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.apiKeys.form.expiry")}
          error={errorText(fields.expiry.errors)}
          id={fields.expiry.id}
        >
          <Select
            key={expiryKey}
            {...expiryProps}
            options={API_KEY_EXPIRY_CHOICES.map((choice) => ({
              value: choice,
              label: t(`studio.apiKeys.expiry.${choice}`),
            }))}
          />
        </Field>
        <Field
          label={t("studio.apiKeys.form.rateLimit")}
          error={errorText(fields.rateLimitPerMinute.errors)}
          id={fields.rateLimitPerMinute.id}
          hint={t("studio.apiKeys.form.rateLimitHint")}
        >
          <Input
            key={limitKey}
            {...limitProps}
            min={RATE_LIMIT_MIN}
            max={RATE_LIMIT_MAX}
            step={1}
            inputMode="numeric"
          />
        </Field>
      </div>

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
        {props.countries.length > 0 ? (
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {props.countries.map((code) => (
              <label key={code} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.countries.name}
                  value={code}
                  defaultChecked={chosenCountries.has(code)}
                  className={cx(
                    "size-4 cursor-pointer accent-primary-700 dark:accent-primary-400",
                    focusRing,
                  )}
                />
                <span>
                  {countryName(code)} <span className="text-slate-600 dark:text-slate-400">({code})</span>
                </span>
              </label>
            ))}
          </div>
        ) : null}
        <p id={`${fields.countries.id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {props.countries.length > 0
            ? t("studio.apiKeys.form.countriesHint")
            : t("studio.apiKeys.form.noCountries")}
        </p>
        <FieldErrorText id={`${fields.countries.id}-error`} errors={countryErrors} />
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {props.secondary}
        <Button type="submit" pending={pending}>
          {t("studio.apiKeys.form.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
