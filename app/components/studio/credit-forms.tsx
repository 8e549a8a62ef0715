// The credits forms of the studio (offers, purchases, balances, costs, the dashboard's request): each is
// checked in the browser by its core schema (Conform) and again by the action; errors are message references.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ReactNode } from "react";
import { useIntl } from "react-intl";
import {
  adjustBalanceSchema,
  confirmPurchaseSchema,
  COST_MAX,
  createOfferSchema,
  currencyDecimals,
  INVOICE_REF_MAX,
  OFFER_NAME_MAX,
  parseWholeNumber,
  REASON_MAX,
  recordPurchaseSchema,
  refundPurchaseSchema,
  requestCreditsSchema,
  setCreditCostSchema,
  setThresholdSchema,
  updateOfferSchema,
} from "../../../core/credits/forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useErrorText, useT } from "../../lib/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, type SelectOption } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

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

export function OfferForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  defaults,
}: FormBase & { defaults: OfferFormValues }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const intent = defaults.offerId ? "update" : "create";
  const [form, fields] = useAppForm({
    schema: defaults.offerId ? updateOfferSchema : createOfferSchema,
    id: `offer-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, intent),
    defaultValue: { ...defaults, visibleToClients: defaults.visibleToClients ? "on" : undefined },
  });
  const { key: nameKey, ...name } = getInputProps(fields.name, { type: "text", ariaAttributes: false });
  const { key: creditsKey, ...credits } = getInputProps(fields.credits, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: priceKey, ...price } = getInputProps(fields.price, { type: "text", ariaAttributes: false });
  const { key: currencyKey, ...currency } = getInputProps(fields.currency, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: fromKey, ...from } = getInputProps(fields.activeFrom, { type: "date", ariaAttributes: false });
  const { key: untilKey, ...until } = getInputProps(fields.activeUntil, {
    type: "date",
    ariaAttributes: false,
  });
  const { key: visibleKey, ...visible } = getInputProps(fields.visibleToClients, {
    type: "checkbox",
    ariaAttributes: false,
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={intent}
      hidden={defaults.offerId ? { offerId: defaults.offerId } : undefined}
      secondary={secondary}
      submitLabel={t(defaults.offerId ? "studio.credits.form.save" : "studio.credits.offers.form.create")}
    >
      <Field
        label={t("studio.credits.offers.form.name")}
        error={errorText(fields.name.errors)}
        id={fields.name.id}
        required
      >
        <Input key={nameKey} {...name} maxLength={OFFER_NAME_MAX} autoComplete="off" />
      </Field>
      <Field
        label={t("studio.credits.offers.form.credits")}
        error={errorText(fields.credits.errors)}
        id={fields.credits.id}
        required
      >
        <Input key={creditsKey} {...credits} inputMode="numeric" autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field
          label={t("studio.credits.offers.form.price")}
          hint={t("studio.credits.offers.form.priceHint")}
          error={errorText(fields.price.errors)}
          id={fields.price.id}
          required
        >
          <Input key={priceKey} {...price} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field
          label={t("studio.credits.form.currency")}
          error={errorText(fields.currency.errors)}
          id={fields.currency.id}
        >
          <Input key={currencyKey} {...currency} maxLength={3} autoComplete="off" className="uppercase" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("studio.credits.offers.form.activeFrom")}
          error={errorText(fields.activeFrom.errors)}
          id={fields.activeFrom.id}
        >
          <Input key={fromKey} {...from} />
        </Field>
        <Field
          label={t("studio.credits.offers.form.activeUntil")}
          hint={t("studio.credits.offers.form.activeUntilHint")}
          error={errorText(fields.activeUntil.errors)}
          id={fields.activeUntil.id}
        >
          <Input key={untilKey} {...until} />
        </Field>
      </div>
      <Checkbox
        key={visibleKey}
        {...visible}
        label={t("studio.credits.offers.form.visible")}
        hint={t("studio.credits.offers.form.visibleHint")}
        error={errorText(fields.visibleToClients.errors)}
      />
    </IntentForm>
  );
}

// ---- purchases ---------------------------------------------------------------------------------

export type OfferChoice = {
  id: string;
  name: string;
  credits: number;
  price: number;
  currency: string;
  state: string;
};

export function RecordPurchaseForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  clients,
  offers,
}: FormBase & { clients: readonly SelectOption[]; offers: readonly OfferChoice[] }) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: recordPurchaseSchema,
    id: `record-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "record"),
    defaultValue: { currency: "EUR" },
  });
  const custom = !fields.offerId.value;
  const { key: clientKey, ...client } = getSelectProps(fields.clientId, { ariaAttributes: false });
  const { key: offerKey, ...offer } = getSelectProps(fields.offerId, { ariaAttributes: false });
  const { key: creditsKey, ...credits } = getInputProps(fields.credits, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: priceKey, ...price } = getInputProps(fields.price, { type: "text", ariaAttributes: false });
  const { key: currencyKey, ...currency } = getInputProps(fields.currency, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: invoiceKey, ...invoice } = getInputProps(fields.invoiceRef, {
    type: "text",
    ariaAttributes: false,
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="record"
      secondary={secondary}
      submitLabel={t("studio.credits.purchases.form.record")}
    >
      <Field
        label={t("studio.credits.purchases.form.client")}
        error={errorText(fields.clientId.errors)}
        id={fields.clientId.id}
        required
      >
        <Select
          key={clientKey}
          {...client}
          placeholder={t("studio.credits.purchases.form.clientChoose")}
          options={clients}
        />
      </Field>
      <Field
        label={t("studio.credits.purchases.form.offer")}
        hint={t("studio.credits.purchases.form.offerHint")}
        error={errorText(fields.offerId.errors)}
        id={fields.offerId.id}
      >
        <Select
          key={offerKey}
          {...offer}
          placeholder={t("studio.credits.purchases.form.custom")}
          options={offers.map((o) => ({
            value: o.id,
            label: t("studio.credits.purchases.form.offerOption", {
              name: o.name,
              credits: intl.formatNumber(o.credits),
              price: money(o.price, o.currency),
            }),
          }))}
        />
      </Field>
      <fieldset disabled={!custom} className="grid gap-4 disabled:opacity-60">
        <legend className="sr-only">{t("studio.credits.purchases.form.customLegend")}</legend>
        <Field
          label={t("studio.credits.purchases.form.credits")}
          error={errorText(fields.credits.errors)}
          id={fields.credits.id}
        >
          <Input key={creditsKey} {...credits} inputMode="numeric" autoComplete="off" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field
            label={t("studio.credits.purchases.form.amount")}
            error={errorText(fields.price.errors)}
            id={fields.price.id}
          >
            <Input key={priceKey} {...price} inputMode="decimal" autoComplete="off" />
          </Field>
          <Field
            label={t("studio.credits.form.currency")}
            error={errorText(fields.currency.errors)}
            id={fields.currency.id}
          >
            <Input key={currencyKey} {...currency} maxLength={3} autoComplete="off" className="uppercase" />
          </Field>
        </div>
      </fieldset>
      <Field
        label={t("studio.credits.purchases.form.invoiceRef")}
        error={errorText(fields.invoiceRef.errors)}
        id={fields.invoiceRef.id}
      >
        <Input key={invoiceKey} {...invoice} maxLength={INVOICE_REF_MAX} autoComplete="off" />
      </Field>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("studio.credits.purchases.form.recordEffect")}
      </p>
    </IntentForm>
  );
}

/** Confirm a requested purchase (optionally with the invoice reference) or refund a paid one (optional reason). */
export function PurchaseStepForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  step,
  purchaseId,
  effect,
}: FormBase & { step: "confirm" | "refund"; purchaseId: string; effect: ReactNode }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: step === "confirm" ? confirmPurchaseSchema : refundPurchaseSchema,
    id: `${step}-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, step),
    defaultValue: { purchaseId },
  });
  const textField = step === "confirm" ? fields.invoiceRef : fields.reason;
  const { key: textKey, ...text } = getInputProps(textField, { type: "text", ariaAttributes: false });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent={step}
      hidden={{ purchaseId }}
      secondary={secondary}
      submitLabel={t(
        step === "confirm"
          ? "studio.credits.purchases.action.confirm"
          : "studio.credits.purchases.action.refund",
      )}
    >
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800">
        {effect}
      </div>
      <Field
        label={t(
          step === "confirm"
            ? "studio.credits.purchases.form.invoiceRef"
            : "studio.credits.purchases.form.refundReason",
        )}
        error={errorText(textField.errors)}
        id={textField.id}
      >
        <Input
          key={textKey}
          {...text}
          maxLength={step === "confirm" ? INVOICE_REF_MAX : REASON_MAX}
          autoComplete="off"
        />
      </Field>
    </IntentForm>
  );
}

// ---- balances ----------------------------------------------------------------------------------

export function AdjustBalanceForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  clientId,
  name,
  balance,
}: FormBase & { clientId: string; name: string; balance: number }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: adjustBalanceSchema,
    id: `adjust-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "adjust"),
    defaultValue: { clientId, name },
  });
  const { key: deltaKey, ...delta } = getInputProps(fields.delta, { type: "text", ariaAttributes: false });
  const { key: reasonKey, ...reason } = getTextareaProps(fields.reason, { ariaAttributes: false });
  const typed = parseWholeNumber(String(fields.delta.value ?? ""));
  const after = Number.isSafeInteger(typed) && typed !== 0 ? balance + typed : null;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="adjust"
      hidden={{ clientId, name }}
      secondary={secondary}
      submitLabel={t("studio.credits.balances.form.adjust")}
    >
      <Field
        label={t("studio.credits.balances.form.delta")}
        hint={t("studio.credits.balances.form.deltaHint")}
        error={errorText(fields.delta.errors)}
        id={fields.delta.id}
        required
      >
        <Input key={deltaKey} {...delta} inputMode="numeric" autoComplete="off" />
      </Field>
      <Field
        label={t("studio.credits.balances.form.reason")}
        hint={t("studio.credits.balances.form.reasonHint")}
        error={errorText(fields.reason.errors)}
        id={fields.reason.id}
        required
      >
        <Textarea key={reasonKey} {...reason} rows={2} maxLength={REASON_MAX} />
      </Field>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {after === null
          ? t("studio.credits.balances.form.current", { balance: intl.formatNumber(balance) })
          : t("studio.credits.balances.form.effect", {
              balance: intl.formatNumber(balance),
              after: intl.formatNumber(after),
            })}
      </p>
    </IntentForm>
  );
}

export function ThresholdForm({
  action,
  fetcherKey,
  onSaved,
  secondary,
  clientId,
  name,
  threshold,
}: FormBase & { clientId: string; name: string; threshold: number }) {
  const t = useT();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: setThresholdSchema,
    id: `threshold-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "threshold"),
    defaultValue: { clientId, name, threshold: String(threshold) },
  });
  const { key: thresholdKey, ...input } = getInputProps(fields.threshold, {
    type: "text",
    ariaAttributes: false,
  });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="threshold"
      hidden={{ clientId, name }}
      secondary={secondary}
      submitLabel={t("studio.credits.form.save")}
    >
      <Field
        label={t("studio.credits.balances.form.threshold")}
        hint={t("studio.credits.balances.form.thresholdHint")}
        error={errorText(fields.threshold.errors)}
        id={fields.threshold.id}
        required
      >
        <Input key={thresholdKey} {...input} inputMode="numeric" autoComplete="off" />
      </Field>
    </IntentForm>
  );
}

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
  const errorText = useErrorText();
  const fetcher = useFormFetcher(`cost-${operation}`);
  const [form, fields] = useAppForm({
    schema: setCreditCostSchema,
    id: `cost-${operation}`,
    lastResult: resultFor(fetcher.data, "setCost"),
    defaultValue: { operation, credits: String(credits) },
  });
  const { key: creditsKey, ...input } = getInputProps(fields.credits, {
    type: "number",
    ariaAttributes: false,
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
      <Field
        label={t("studio.credits.usage.costLabel", { operation })}
        labelHidden
        error={errorText(fields.credits.errors ?? form.errors)}
        id={fields.credits.id}
        className="w-28"
      >
        <Input
          key={creditsKey}
          {...input}
          min={0}
          max={COST_MAX}
          step={1}
          className="text-end tabular-nums"
        />
      </Field>
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
  action,
  fetcherKey,
  onSaved,
  secondary,
  offers,
}: FormBase & { offers: readonly Omit<OfferChoice, "state">[] }) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const errorText = useErrorText();
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: requestCreditsSchema,
    id: `request-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "requestCredits"),
  });
  const error = errorText(fields.offerId.errors);
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="requestCredits"
      secondary={secondary}
      submitLabel={t("studio.dashboard.creditsRequest.submit")}
    >
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
