// Country and language names in the interface language (core/i18n/display-names.ts), for components.
import { useIntl } from "react-intl";
import { countryName, languageName } from "../../core/i18n/display-names.ts";

export function useDisplayNames() {
  const { locale } = useIntl();
  return {
    /** "FR" → "Frankrijk" (nl); the stored name, then the code, where Intl has none. */
    country: (code: string, stored?: string | null) => countryName(locale, code, stored),
    /** "nl" → "Néerlandais" (fr), capitalised as a label; the stored name, then the code, where Intl has none. */
    language: (code: string, stored?: string | null) =>
      languageName(locale, code, { stored, capitalised: true }),
  };
}
