import type { ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
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

/** t("home.title", { city }) — keys are checked against en.json at compile time. */
export function useT() {
  const intl = useIntl();
  return (id: MessageKey, values?: Values) => intl.formatMessage({ id }, values);
}

/** Translates message references (core/i18n/message-ref.ts): the errors and toasts servers send. */
export function useTranslateRef() {
  const intl = useIntl();
  return (ref: MessageRef) => {
    const { key, values } = parseMessageRef(ref);
    return intl.formatMessage({ id: key }, values);
  };
}

/** A field's or form's error references as translated messages (undefined when there are none). */
export function useErrorText() {
  const translate = useTranslateRef();
  return (refs: readonly MessageRef[] | null | undefined) =>
    refs && refs.length > 0 ? refs.map(translate) : undefined;
}
