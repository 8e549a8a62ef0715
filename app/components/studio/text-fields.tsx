// Text-like presets of the one field component (ui/form-field.tsx) for the studio's data entry, beside
// studio-fields.tsx (name, code, currency, price). Catalogue data is not the user's own, so the browser
// offers no autofill; numbers bring up the digit pad.
import { InputField } from "../ui/form-field.tsx";

type InputFieldProps<Value> = Parameters<typeof InputField<Value>>[0];

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
