import type { ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { RTL_LOCALES, toLanguageTag } from "../../core/i18n/locales.ts";
import { parseMessageRef, type MessageKey, type MessageRef } from "../../core/i18n/message-ref.ts";

export type { MessageKey, MessageRef } from "../../core/i18n/message-ref.ts";
type Values = Record<string, string | number | Date | null | undefined>;

export function I18nProvider(props: { lang: string; messages: Record<string, string>; children: ReactNode }) {
  return (
    <IntlProvider
      locale={props.lang}
      messages={props.messages}
      defaultLocale="en"
      onError={(error) => {
        // A missing translation falls back to English text; only real formatting bugs are worth a log.
        if (error.code !== "MISSING_TRANSLATION") console.warn(error.message);
      }}
    >
      {props.children}
    </IntlProvider>
  );
}

/** Languages written right to left, by their language subtag ("fa" of fa_ir). */
const RIGHT_TO_LEFT_LANGUAGES = new Set(
  [...RTL_LOCALES].map((locale) => toLanguageTag(locale).split("-")[0]),
);

/**
 * In a right-to-left sentence, text put into it (a film's title, a cinema's name) is wrapped in
 * first-strong isolates (U+2068 … U+2069), as Fluent does, so it keeps its own direction: "2001: A
 * Space Odyssey" would otherwise be reordered around its leading digits. Only plain `{name}`
 * arguments: a `select` compares the value itself.
 */
export function isolateValues<V extends Record<string, unknown>>(
  locale: string,
  message: unknown,
  values: V | undefined,
): V | undefined {
  if (!values || typeof message !== "string") return values;
  if (!RIGHT_TO_LEFT_LANGUAGES.has(locale.split(/[-_]/)[0]!.toLowerCase())) return values;
  const isolated: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const plainOnly = message.includes(`{${name}}`) && !new RegExp(`\\{\\s*${name}\\s*,`).test(message);
    if (typeof value === "string" && value !== "" && plainOnly) isolated[name] = `\u2068${value}\u2069`;
  }
  return isolated as V;
}

/** t("home.title", { city }) — keys are checked against en.json at compile time. */
export function useT() {
  const intl = useIntl();
  return (id: MessageKey, values?: Values) =>
    intl.formatMessage({ id }, isolateValues(intl.locale, intl.messages[id], values));
}

/** Translates message references (core/i18n/message-ref.ts): the errors and toasts servers send. */
export function useTranslateRef() {
  const intl = useIntl();
  return (ref: MessageRef) => {
    const { key, values } = parseMessageRef(ref);
    return intl.formatMessage({ id: key }, isolateValues(intl.locale, intl.messages[key], values));
  };
}

/** A field's or form's error references as translated messages (undefined when there are none). */
export function useErrorText() {
  const translate = useTranslateRef();
  return (refs: readonly MessageRef[] | null | undefined) =>
    refs && refs.length > 0 ? refs.map(translate) : undefined;
}
