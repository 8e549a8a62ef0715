// One parameter of an API operation as a form field: a list for enums and booleans, a number input for
// numbers, else text; the hint says what the document says about it.
import type { ConsoleParameter } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";

function useParameterHint(parameter: ConsoleParameter): string | undefined {
  const t = useT();
  const hintParts = [
    parameter.description,
    parameter.type === "array" ? t("studio.apiLookup.commaSeparated") : undefined,
    parameter.enum && parameter.type === "array"
      ? t("studio.apiLookup.allowed", { values: parameter.enum.join(", ") })
      : undefined,
    parameter.default !== undefined ? t("studio.apiLookup.default", { value: parameter.default }) : undefined,
  ]
    .filter((part): part is string => Boolean(part))
    // descriptions from the document may end without a full stop
    .map((part) => (/[.!?:]$/.test(part) ? part : `${part}.`));
  return hintParts.length ? hintParts.join(" ") : undefined;
}

function ParameterControl({
  parameter,
  value,
  onChange,
}: {
  parameter: ConsoleParameter;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  // An example, marked as one, so it is not read as a value already filled in.
  const sample = parameter.example ?? parameter.default;
  const placeholder = sample === undefined ? undefined : t("studio.apiLookup.example", { value: sample });
  const common = { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  if ((parameter.enum && parameter.type !== "array") || parameter.type === "boolean") {
    const options = parameter.type === "boolean" ? ["true", "false"] : (parameter.enum ?? []);
    return (
      <Select
        {...common}
        placeholder={parameter.required ? t("studio.apiLookup.choose") : t("studio.apiLookup.any")}
        options={options.map((option) => ({ value: option, label: option }))}
      />
    );
  }
  if (parameter.type === "integer" || parameter.type === "number") {
    return (
      <Input
        {...common}
        type="number"
        inputMode={parameter.type === "integer" ? "numeric" : "decimal"}
        step={parameter.type === "integer" ? 1 : "any"}
        min={parameter.minimum}
        max={parameter.maximum}
        placeholder={placeholder}
      />
    );
  }
  return <Input {...common} type="text" autoComplete="off" spellCheck={false} placeholder={placeholder} />;
}

export function ParameterField({
  id,
  parameter,
  value,
  error,
  onChange,
}: {
  /** the control's id, so a missing value can be focused */
  id: string;
  parameter: ConsoleParameter;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const hint = useParameterHint(parameter);
  const label = (
    <span className="inline-flex flex-wrap items-baseline gap-2">
      <span className="font-mono">{parameter.name}</span>
      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
        {t(parameter.in === "path" ? "studio.apiLookup.inPath" : "studio.apiLookup.inQuery")}
      </span>
    </span>
  );
  return (
    <Field id={id} label={label} hint={hint} required={parameter.required} error={error}>
      <ParameterControl parameter={parameter} value={value} onChange={onChange} />
    </Field>
  );
}
