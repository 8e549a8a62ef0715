// The credits forms of the studio's offers and costs pages and the dashboard's request, and the money and
// credit formats the credits pages share. Each form is checked in the browser by its core schema (Conform)
// and again by the action; errors are message references. Purchases and balances have their own files
// (credit-purchase-forms.tsx, credit-balance-forms.tsx).
import { getFormProps } from "@conform-to/react";
import { useIntl } from "react-intl";
import {
  COST_MAX,
  createOfferSchema,
  currencyDecimals,
  OFFER_NAME_MAX,
  requestCreditsSchema,
  setCreditCostSchema,
  updateOfferSchema,
} from "../../../core/credits/credit-schemas.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { CheckboxField, InputField } from "../ui/form-field.tsx";
import { createOrUpdate, useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";
import { NameField, PriceFields } from "./studio-fields.tsx";

/** Money in minor units, in the reader's language ("€49.00"). */
export function useFormatMoney() {
  const intl = useIntl();
  return (minor: number, currency: string) =>
    intl.formatNumber(minor / 10 ** currencyDecimals(currency), { style: "currency", currency });
}

/** Credits with a sign ("+10,000", "−250"). */
export function useFormatDelta() {
  const intl = useIntl();
  return (delta: number) => intl.formatNumber(delta, { signDisplay: "exceptZero" });
}

// ---- offers ------------------------------------------------------------------------------------

export type OfferFormValues = {
  offerId?: string;
  name: string;
  credits: string;
  price: string;
  currency: string;
  activeFrom: string;
  activeUntil: string;
  visibleToClients: boolean;
};

export const EMPTY_OFFER: OfferFormValues = {
  name: "",
  credits: "",
  price: "",
  currency: "EUR",
  activeFrom: "",
  activeUntil: "",
  visibleToClients: true,
};

export function OfferForm({ defaults, ...base }: FormBase & { defaults: OfferFormValues }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `offer-${base.fetcherKey}`,
    ...createOrUpdate("offerId", defaults.offerId, [createOfferSchema, updateOfferSchema]),
    defaultValue: { ...defaults, visibleToClients: defaults.visibleToClients ? "on" : undefined },
    submitLabel: t(defaults.offerId ? "studio.credits.form.save" : "studio.credits.offers.form.create"),
  });
  return (
    <IntentForm {...frame}>
      <NameField
        field={fields.name}
        label={t("studio.credits.offers.form.name")}
        maxLength={OFFER_NAME_MAX}
      />
      <InputField
        field={fields.credits}
        label={t("studio.credits.offers.form.credits")}
        required
        inputMode="numeric"
        autoComplete="off"
      />
      <PriceFields
        price={fields.price}
        currency={fields.currency}
        label={t("studio.credits.offers.form.price")}
        hint={t("studio.credits.offers.form.priceHint")}
        currencyLabel={t("studio.credits.form.currency")}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.activeFrom}
          type="date"
          label={t("studio.credits.offers.form.activeFrom")}
        />
        <InputField
          field={fields.activeUntil}
          type="date"
          label={t("studio.credits.offers.form.activeUntil")}
          hint={t("studio.credits.offers.form.activeUntilHint")}
        />
      </div>
      <CheckboxField
        field={fields.visibleToClients}
        label={t("studio.credits.offers.form.visible")}
        hint={t("studio.credits.offers.form.visibleHint")}
      />
    </IntentForm>
  );
}

/** An offer as the purchase and request forms list it. */
export type OfferChoice = {
  id: string;
  name: string;
  credits: number;
  price: number;
  currency: string;
  state: string;
};

// ---- costs -------------------------------------------------------------------------------------

/** One operation's cost, edited in its table row. */
export function CostForm({
  action,
  operation,
  credits,
}: {
  action: string;
  operation: string;
  credits: number;
}) {
  const t = useT();
  const fetcher = useFormFetcher(`cost-${operation}`);
  const [form, fields] = useAppForm({
    schema: setCreditCostSchema,
    id: `cost-${operation}`,
    lastResult: resultFor(fetcher.data, "setCost"),
    defaultValue: { operation, credits: String(credits) },
  });
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="flex items-start justify-end gap-2"
    >
      <input type="hidden" name="intent" value="setCost" />
      <input type="hidden" name="operation" value={operation} />
      <InputField
        field={fields.credits}
        type="number"
        label={t("studio.credits.usage.costLabel", { operation })}
        labelHidden
        errors={fields.credits.errors ?? form.errors}
        frameClassName="w-28"
        min={0}
        max={COST_MAX}
        step={1}
        className="text-end tabular-nums"
      />
      <Button
        type="submit"
        variant="outline"
        pending={fetcher.state !== "idle"}
        aria-label={t("studio.credits.usage.saveCost", { operation })}
      >
        {t("studio.credits.form.save")}
      </Button>
    </fetcher.Form>
  );
}

// ---- the dashboard: a client admin asks for an offer -------------------------------------------

export function RequestCreditsForm({
  offers,
  ...base
}: FormBase & { offers: readonly Omit<OfferChoice, "state">[] }) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const errorText = useErrorText();
  const { fields, frame } = useDialogForm(base, {
    id: `request-${base.fetcherKey}`,
    intent: "requestCredits",
    schema: requestCreditsSchema,
    submitLabel: t("studio.dashboard.creditsRequest.submit"),
  });
  const error = errorText(fields.offerId.errors);
  return (
    <IntentForm {...frame}>
      <fieldset
        className="grid gap-2"
        aria-describedby={error ? `${fields.offerId.id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t("studio.dashboard.creditsRequest.offer")}</legend>
        {offers.map((offer) => (
          <label
            key={offer.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-slate-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
          >
            <input
              type="radio"
              name={fields.offerId.name}
              value={offer.id}
              required
              defaultChecked={fields.offerId.initialValue === offer.id}
              className="size-4 accent-primary-700 dark:accent-primary-400"
            />
            <span className="flex-1 font-medium">{offer.name}</span>
            <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
              {t("studio.dashboard.creditsRequest.offerTerms", {
                credits: intl.formatNumber(offer.credits),
                price: money(offer.price, offer.currency),
              })}
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p
          id={`${fields.offerId.id}-error`}
          role="alert"
          className="text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error.join(" ")}
        </p>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("studio.dashboard.creditsRequest.hint")}
      </p>
    </IntentForm>
  );
}
