// The credit balances page's forms (/studio/config/credit-balances): adjust a client's balance, set the
// threshold under which it is warned. Checked in the browser by the core schemas (Conform) and again by
// the action; both post the client's id and name.
import { useIntl } from "react-intl";
import {
  adjustBalanceSchema,
  parseWholeNumber,
  REASON_MAX,
  setThresholdSchema,
} from "../../../core/credits/credit-schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { InputField, TextareaField } from "../ui/form-field.tsx";
import { useDialogForm } from "./dialog-form.ts";
import { type FormBase, IntentForm } from "./intent-form.tsx";

/** The client a balance form is about. */
type ClientBalance = { clientId: string; name: string };

export function AdjustBalanceForm({
  clientId,
  name,
  balance,
  ...base
}: FormBase & ClientBalance & { balance: number }) {
  const t = useT();
  const intl = useIntl();
  const { fields, frame } = useDialogForm(base, {
    id: `adjust-${base.fetcherKey}`,
    intent: "adjust",
    schema: adjustBalanceSchema,
    defaultValue: { clientId, name },
    hidden: { clientId, name },
    submitLabel: t("studio.credits.balances.form.adjust"),
  });
  const typed = parseWholeNumber(String(fields.delta.value ?? ""));
  const after = Number.isSafeInteger(typed) && typed !== 0 ? balance + typed : null;
  return (
    <IntentForm {...frame}>
      <InputField
        field={fields.delta}
        label={t("studio.credits.balances.form.delta")}
        hint={t("studio.credits.balances.form.deltaHint")}
        required
        inputMode="numeric"
        autoComplete="off"
      />
      <TextareaField
        field={fields.reason}
        label={t("studio.credits.balances.form.reason")}
        hint={t("studio.credits.balances.form.reasonHint")}
        required
        rows={2}
        maxLength={REASON_MAX}
      />
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
  clientId,
  name,
  threshold,
  ...base
}: FormBase & ClientBalance & { threshold: number }) {
  const t = useT();
  const { fields, frame } = useDialogForm(base, {
    id: `threshold-${base.fetcherKey}`,
    intent: "threshold",
    schema: setThresholdSchema,
    defaultValue: { clientId, name, threshold: String(threshold) },
    hidden: { clientId, name },
    submitLabel: t("studio.credits.form.save"),
  });
  return (
    <IntentForm {...frame}>
      <InputField
        field={fields.threshold}
        label={t("studio.credits.balances.form.threshold")}
        hint={t("studio.credits.balances.form.thresholdHint")}
        required
        inputMode="numeric"
        autoComplete="off"
      />
    </IntentForm>
  );
}
