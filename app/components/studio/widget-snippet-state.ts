// The widget snippet builder's state: the key and its pasted value, the filter, the look, and what
// they make (the snippet's options, the snippet, the filter's option list).
import { useState } from "react";
import { readStoredKey } from "../../lib/api-console.ts";
import { useT } from "../../lib/i18n.tsx";
import {
  isPublishableKey,
  keyPlaceholder,
  widgetSnippet,
  type FilterKind,
  type SnippetOptions,
  type WidgetLocale,
  type WidgetTheme,
} from "../../routes/studio/documentation-snippet.ts";
import type { ComboboxOption } from "../ui/combobox.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import type { BuilderKey } from "./widget-snippet-builder.tsx";

/** The light theme's accent (widget/src/reeltime.css), what the colour picker starts from. */
export const DEFAULT_ACCENT = "#1d4ed8";

/** Whether the browser takes `value` as a CSS colour (on the server: assume so, the browser decides). */
function isCssColour(value: string): boolean {
  return typeof CSS === "undefined" || CSS.supports("color", value);
}

export function useSnippetBuilder(keys: readonly BuilderKey[], baseUrl: string) {
  const t = useT();
  const hydrated = useHydrated();
  const [keyId, setKeyId] = useState(keys[0]?.id ?? "");
  const key = keys.find((k) => k.id === keyId) ?? keys[0];
  // What was pasted in this page view, by key id; else what this tab remembered (read once hydrated).
  const [pasted, setPasted] = useState<Record<string, string>>({});
  const keyValue = pasted[keyId] ?? (hydrated && keyId ? readStoredKey(keyId) : "");
  const [kind, setKind] = useState<FilterKind>("city");
  const [choice, setChoice] = useState<ComboboxOption | null>(null);
  const [theme, setTheme] = useState<WidgetTheme>("auto");
  const [locale, setLocale] = useState<WidgetLocale | "">("");
  const [accent, setAccent] = useState("");
  const [utmCampaign, setUtmCampaign] = useState("");

  const keyProblem = !keyValue
    ? undefined
    : !isPublishableKey(keyValue.trim())
      ? t("studio.documentation.field.keyMalformed")
      : key && !keyValue.trim().startsWith(key.prefix)
        ? t("studio.documentation.field.keyMismatch", { prefix: key.prefix })
        : undefined;
  const fullKey = keyValue && !keyProblem ? keyValue.trim() : null;
  const accentProblem =
    accent.trim() && !isCssColour(accent.trim()) ? t("studio.documentation.field.accentInvalid") : undefined;

  const options: SnippetOptions = {
    key: fullKey ?? keyPlaceholder(key?.prefix ?? "rt_pk_"),
    filter: choice ? { kind, value: choice.value } : null,
    theme,
    locale,
    accent: accentProblem ? "" : accent.trim(),
    utmCampaign,
  };
  const countries = key?.countries ?? [];
  return {
    keyId,
    setKeyId,
    key,
    keyValue,
    setPasted,
    keyProblem,
    fullKey,
    kind,
    setKind,
    choice,
    setChoice,
    countries,
    source: `/studio/documentation/options?kind=${kind}${countries.length ? `&countries=${countries.join(",")}` : ""}`,
    theme,
    setTheme,
    locale,
    setLocale,
    accent,
    setAccent,
    accentProblem,
    pickerHex: /^#[0-9a-f]{6}$/i.test(accent.trim()) ? accent.trim() : DEFAULT_ACCENT,
    utmCampaign,
    setUtmCampaign,
    options,
    snippet: widgetSnippet(baseUrl, options),
  };
}

export type SnippetBuilderState = ReturnType<typeof useSnippetBuilder>;
