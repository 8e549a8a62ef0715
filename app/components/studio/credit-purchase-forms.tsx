// The credit purchases page's forms (/studio/config/credit-purchases): record a purchase (an offer or
// custom terms), confirm a requested one, refund a paid one. Checked in the browser by the core schemas
// (Conform) and again by the action.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import {
  confirmPurchaseSchema,
  INVOICE_REF_MAX,
  REASON_MAX,
  recordPurchaseSchema,
  refundPurchaseSchema,
} from "../../../core/credits/forms.ts";
import { resultFor, useAppForm } from "../../lib/forms.ts";
import { useT } from "../../lib/i18n.tsx";
import { InputField, SelectField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { type OfferChoice, useFormatMoney } from "./credit-forms.tsx";
import { type FormBase, IntentForm, useFormFetcher } from "./intent-form.tsx";

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
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: recordPurchaseSchema,
    id: `record-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, "record"),
    defaultValue: { currency: "EUR" },
  });
  const custom = !fields.offerId.value;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      action={action}
      intent="record"
      secondary={secondary}
      submitLabel={t("studio.credits.purchases.form.record")}
    >
      <SelectField
        field={fields.clientId}
        label={t("studio.credits.purchases.form.client")}
        required
        placeholder={t("studio.credits.purchases.form.clientChoose")}
        options={clients}
      />
      <SelectField
        field={fields.offerId}
        label={t("studio.credits.purchases.form.offer")}
        hint={t("studio.credits.purchases.form.offerHint")}
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
      <fieldset disabled={!custom} className="grid gap-4 disabled:opacity-60">
        <legend className="sr-only">{t("studio.credits.purchases.form.customLegend")}</legend>
        <InputField
          field={fields.credits}
          label={t("studio.credits.purchases.form.credits")}
          inputMode="numeric"
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <InputField
            field={fields.price}
            label={t("studio.credits.purchases.form.amount")}
            inputMode="decimal"
            autoComplete="off"
          />
          <InputField
            field={fields.currency}
            label={t("studio.credits.form.currency")}
            maxLength={3}
            autoComplete="off"
            className="uppercase"
          />
        </div>
      </fieldset>
      <InputField
        field={fields.invoiceRef}
        label={t("studio.credits.purchases.form.invoiceRef")}
        maxLength={INVOICE_REF_MAX}
        autoComplete="off"
      />
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
  const fetcher = useFormFetcher(fetcherKey, onSaved);
  const [form, fields] = useAppForm({
    schema: step === "confirm" ? confirmPurchaseSchema : refundPurchaseSchema,
    id: `${step}-${fetcherKey}`,
    lastResult: resultFor(fetcher.data, step),
    defaultValue: { purchaseId },
  });
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
      {step === "confirm" ? (
        <InputField
          field={fields.invoiceRef}
          label={t("studio.credits.purchases.form.invoiceRef")}
          maxLength={INVOICE_REF_MAX}
          autoComplete="off"
        />
      ) : (
        <InputField
          field={fields.reason}
          label={t("studio.credits.purchases.form.refundReason")}
          maxLength={REASON_MAX}
          autoComplete="off"
        />
      )}
    </IntentForm>
  );
}
