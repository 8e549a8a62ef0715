// Every API query is limited to the countries the caller's key may read (the client's grants, direct or
// through a bundle and valid today, intersected with the key's own subset). Asking for another country by
// name — `country=`, a city or a cinema there — is refused with 403 naming that country; rows of other
// countries are simply never returned.
import { AppError } from "../errors.ts";

export type ApiScope = {
  /** ISO 3166-1 alpha-2 codes, upper case */
  countries: readonly string[];
};

export function countryNotGranted(country: string): AppError {
  return new AppError("forbidden", "api.countryNotGranted", { values: { country } });
}

/** The country, when the scope grants it; else AppError forbidden (api.countryNotGranted). */
export function requireCountry(scope: ApiScope, country: string): string {
  const code = country.toUpperCase();
  if (!scope.countries.includes(code)) throw countryNotGranted(code);
  return code;
}

/** The countries a query may read: the one asked for (checked), else all of the scope's. */
export function queryCountries(scope: ApiScope, country: string | undefined): string[] {
  return country === undefined ? [...scope.countries] : [requireCountry(scope, country)];
}
