// The country choices of the catalogue's filters and forms: "Netherlands (NL)" in the reader's language.
import { useDisplayNames } from "../../../lib/use-display-names.ts";

export function useCountryOptions(countries: readonly { code: string; name: string }[]) {
  const names = useDisplayNames();
  return countries.map((c) => ({ value: c.code, label: `${names.country(c.code, c.name)} (${c.code})` }));
}
