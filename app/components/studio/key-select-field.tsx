// A field to pick one of the client's API keys, each named with its prefix (the API console, the widget
// snippet builder).
import type { MessageKey } from "../../lib/i18n.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { Select } from "../ui/select.tsx";

type PickableKey = { id: string; name: string; prefix: string };

export function KeySelectField<Key extends PickableKey>({
  label,
  id,
  keys,
  value,
  onChange,
  optionMessage,
}: {
  label: string;
  id: string;
  keys: readonly Key[];
  value: string;
  onChange: (keyId: string) => void;
  /** the option's message, given `name` and `prefix` */
  optionMessage: (key: Key) => MessageKey;
}) {
  const t = useT();
  return (
    <Field label={label} id={id}>
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={keys.map((k) => ({
          value: k.id,
          label: t(optionMessage(k), { name: k.name, prefix: k.prefix }),
        }))}
      />
    </Field>
  );
}
