import type { ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import type en from "../../locales/en.json";

export type MessageKey = keyof typeof en;
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
