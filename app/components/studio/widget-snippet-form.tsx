// The widget snippet builder's options form: the key (and its pasted value), a city, cinema or movie,
// theme and language, accent colour and UTM campaign. Nothing here is submitted: it only shapes the snippet.
import { useId } from "react";
import type { LocaleOption } from "../../../core/i18n/locale-names.ts";
import { storeKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import {
  FILTER_KINDS,
  isPublishableKey,
  keyPlaceholder,
  parseWidgetLocale,
  WIDGET_THEMES,
} from "../../routes/studio/documentation-snippet.ts";
import { Button } from "../ui/button.tsx";
import { Combobox } from "../ui/combobox.tsx";
import { cx, focusRing } from "../ui/cx.ts";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { KeySelectField } from "./key-select-field.tsx";
import type { BuilderKey } from "./widget-snippet-builder.tsx";
import { DEFAULT_ACCENT, type SnippetBuilderState } from "./widget-snippet-state.ts";

function KeyFields({ keys, state }: { keys: readonly BuilderKey[]; state: SnippetBuilderState }) {
  const t = useT();
  const ids = { key: useId(), value: useId() };
  const { keyId, setKeyId, key, keyValue, setPasted, keyProblem, setChoice } = state;
  return (
    <>
      <KeySelectField
        label={t("studio.documentation.field.key")}
        id={ids.key}
        keys={keys}
        value={keyId}
        onChange={(next) => {
          const nextKey = keys.find((k) => k.id === next);
          setKeyId(next);
          // Another set of countries is another list: the choice goes with it (the picker remounts).
          if (nextKey?.countries.join(",") !== key?.countries.join(",")) setChoice(null);
        }}
        optionMessage={(k) =>
          k.status === "expiring"
            ? "studio.documentation.field.keyOptionExpiring"
            : "studio.documentation.field.keyOption"
        }
      />
      <Field
        label={t("studio.documentation.field.keyValue")}
        id={ids.value}
        hint={t("studio.documentation.field.keyValueHint")}
        error={keyProblem}
      >
        {/* No name: even without JavaScript the key is never sent to the studio. */}
        <Input
          type="text"
          value={keyValue}
          autoComplete="off"
          spellCheck={false}
          placeholder={key ? keyPlaceholder(key.prefix) : undefined}
          className="font-mono"
          onChange={(event) => {
            const value = event.target.value;
            setPasted((all) => ({ ...all, [keyId]: value }));
            const trimmed = value.trim();
            if (!trimmed) storeKey(keyId, "");
            else if (isPublishableKey(trimmed) && key && trimmed.startsWith(key.prefix))
              storeKey(keyId, trimmed);
          }}
        />
      </Field>
    </>
  );
}

function FilterFields({ state }: { state: SnippetBuilderState }) {
  const t = useT();
  const ids = { kind: useId(), filter: useId() };
  const { kind, setKind, choice, setChoice, countries, source } = state;
  return (
    <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1">
      <Field label={t("studio.documentation.field.kind")} id={ids.kind}>
        <Select
          value={kind}
          onChange={(event) => {
            const next = FILTER_KINDS.find((k) => k === event.target.value);
            if (next) {
              setKind(next);
              setChoice(null);
            }
          }}
          options={FILTER_KINDS.map((k) => ({ value: k, label: t(`studio.documentation.kind.${k}`) }))}
        />
      </Field>
      <Field
        label={t(`studio.documentation.field.${kind}`)}
        id={ids.filter}
        hint={
          choice ? t(`studio.documentation.field.${kind}Hint`) : t("studio.documentation.field.filterNone")
        }
      >
        <Combobox
          // A new kind or another key's countries: a new list, nothing chosen.
          key={`${kind}:${countries.join(",")}`}
          name="filter"
          source={source}
          placeholder={t("studio.documentation.field.filterPlaceholder")}
          onChange={setChoice}
        />
      </Field>
    </div>
  );
}

function ThemeAndLocaleFields({
  state,
  locales,
}: {
  state: SnippetBuilderState;
  locales: readonly LocaleOption[];
}) {
  const t = useT();
  const { theme, setTheme, locale, setLocale } = state;
  return (
    <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1">
      <Field label={t("studio.documentation.field.theme")}>
        <Select
          value={theme}
          onChange={(event) => {
            const next = WIDGET_THEMES.find((k) => k === event.target.value);
            if (next) setTheme(next);
          }}
          options={WIDGET_THEMES.map((k) => ({ value: k, label: t(`studio.documentation.theme.${k}`) }))}
        />
      </Field>
      <Field label={t("studio.documentation.field.locale")}>
        <Select
          value={locale}
          onChange={(event) => setLocale(parseWidgetLocale(event.target.value))}
          options={[{ value: "", label: t("studio.documentation.locale.page") }]}
        >
          {/* Each language in its own name, language and direction, as the interface's pickers. */}
          {locales.map((option) => (
            <option key={option.value} value={option.value} lang={option.tag} dir={option.dir}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** A colour picker and the same colour as text (any CSS colour); the text is the field's control. */
function AccentInput({
  value,
  pickerValue,
  onChange,
}: {
  value: string;
  pickerValue: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        value={pickerValue}
        aria-label={t("studio.documentation.field.accentPicker")}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          "h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-500 bg-white p-1 dark:bg-slate-950",
          focusRing,
        )}
      />
      <Input
        type="text"
        value={value}
        autoComplete="off"
        spellCheck={false}
        placeholder={DEFAULT_ACCENT}
        className="font-mono"
        onChange={(event) => onChange(event.target.value)}
      />
      {value ? (
        <Button variant="outline" className="shrink-0" onClick={() => onChange("")}>
          {t("studio.documentation.field.accentReset")}
        </Button>
      ) : null}
    </div>
  );
}

export function SnippetOptionsForm({
  keys,
  locales,
  state,
}: {
  keys: readonly BuilderKey[];
  locales: readonly LocaleOption[];
  state: SnippetBuilderState;
}) {
  const t = useT();
  const accentId = useId();
  return (
    <form
      className="space-y-5"
      aria-label={t("studio.documentation.builder.formLabel")}
      onSubmit={(event) => event.preventDefault()}
    >
      <KeyFields keys={keys} state={state} />
      <FilterFields state={state} />
      <ThemeAndLocaleFields state={state} locales={locales} />
      <Field
        label={t("studio.documentation.field.accent")}
        id={accentId}
        hint={t("studio.documentation.field.accentHint")}
        error={state.accentProblem}
      >
        <AccentInput value={state.accent} pickerValue={state.pickerHex} onChange={state.setAccent} />
      </Field>
      <Field
        label={t("studio.documentation.field.utmCampaign")}
        hint={t("studio.documentation.field.utmCampaignHint")}
      >
        <Input
          type="text"
          value={state.utmCampaign}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          placeholder="summer"
          onChange={(event) => state.setUtmCampaign(event.target.value)}
        />
      </Field>
    </form>
  );
}
