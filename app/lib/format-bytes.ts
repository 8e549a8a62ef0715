// File sizes in the interface language (core/assets/asset-forms.ts formatBytes), for components.
import { useIntl } from "react-intl";
import { formatBytes } from "../../core/assets/asset-schemas.ts";

export function useFormatBytes(): (bytes: number) => string {
  const { locale } = useIntl();
  return (bytes) => formatBytes(bytes, locale);
}
