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
} from "../../../core/credits/credit-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { InputField, SelectField } from "../ui/form-field.tsx";
import type { SelectOption } from "../ui/select.tsx";
import { type OfferChoice, useFormatMoney } from "./credit-forms.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";
import { PriceFields } from "./studio-fields.tsx";

export function RecordPurchaseForm({
  clients,
  offers,
  ...base
}: FormBase & { clients: readonly SelectOption[]; offers: readonly OfferChoice[] }) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const { fields, frame } = useDialogForm(base, {
    id: `record-${base.fetcherKey}`,
    intent: "record",
    schema: recordPurchaseSchema,
    defaultValue: { currency: "EUR" },
    submitLabel: t("studio.credits.purchases.form.record"),
  });
  const custom = !fields.offerId.value;
  return (
    <IntentForm {...frame}>
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
        <PriceFields
          price={fields.price}
          currency={fields.currency}
          label={t("studio.credits.purchases.form.amount")}
          currencyLabel={t("studio.credits.form.currency")}
        />
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
  step,
  purchaseId,
  effect,
  ...base
}: FormBase & { step: "confirm" | "refund"; purchaseId: string; effect: ReactNode }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `${step}-${base.fetcherKey}`,
    intent: step,
    schema: step === "confirm" ? confirmPurchaseSchema : refundPurchaseSchema,
    defaultValue: { purchaseId },
    hidden: { purchaseId },
    submitLabel: t(
      step === "confirm"
        ? "studio.credits.purchases.action.confirm"
        : "studio.credits.purchases.action.refund",
    ),
  });
  return (
    <IntentForm {...frame}>
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
