// Fields several studio forms ask for alike: free text, a whole or decimal number, a thing's name, a code
// typed as it is, a price with its currency. Each is the one field component
// (app/components/ui/form-field.tsx) with those settings. Catalogue data is not the user's own, so the
// browser offers no autofill; numbers bring up the digit pad.
import type { ComponentProps, ReactNode } from "react";
import { type FormFieldMeta, InputField } from "../ui/form-field.tsx";

type InputFieldProps<Value> = ComponentProps<typeof InputField<Value>>;

/** Free text: a title, an address, a city. */
export function TextField<Value>(props: InputFieldProps<Value>) {
  return <InputField autoComplete="off" {...props} />;
}

/** A whole number: a year, a count, a numeric id. */
export function NumericField<Value>(props: InputFieldProps<Value>) {
  return <InputField inputMode="numeric" autoComplete="off" {...props} />;
}

/** A decimal number: a coordinate, a price. */
export function DecimalField<Value>(props: InputFieldProps<Value>) {
  return <InputField inputMode="decimal" autoComplete="off" {...props} />;
}

/** A thing's name (a country, a bundle, an offer, a chain): required; the browser offers no one's name. */
export function NameField<Value>(props: Omit<InputFieldProps<Value>, "required" | "autoComplete">) {
  return <InputField {...props} required autoComplete="off" />;
}

/** A code typed as it is (a slug, a key, an id, a confirmation word): no suggestions, no spell check. */
export function CodeField<Value>(props: Omit<InputFieldProps<Value>, "autoComplete" | "spellCheck">) {
  return <InputField {...props} autoComplete="off" spellCheck={false} />;
}

/** A three-letter currency code (ISO 4217), typed in capitals. */
export function CurrencyField<Value>({
  field,
  label,
  required,
}: {
  field: FormFieldMeta<Value>;
  label: ReactNode;
  required?: boolean;
}) {
  return (
    <InputField
      field={field}
      label={label}
      required={required}
      maxLength={3}
      autoComplete="off"
      className="uppercase"
    />
  );
}

/** The price (a decimal amount) beside its currency. */
export function PriceFields<Price, Currency>(props: {
  price: FormFieldMeta<Price>;
  currency: FormFieldMeta<Currency>;
  label: ReactNode;
  hint?: ReactNode;
  currencyLabel: ReactNode;
  /** the price is required */
  required?: boolean;
  currencyRequired?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      <DecimalField field={props.price} label={props.label} hint={props.hint} required={props.required} />
      <CurrencyField field={props.currency} label={props.currencyLabel} required={props.currencyRequired} />
    </div>
  );
}
