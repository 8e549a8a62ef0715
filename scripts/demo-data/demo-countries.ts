// Countries of the demo dataset (hand-written): the six core markets plus every European country a
// chain covers.
import type { DemoCountry } from "../../db/seed/demo-data-types.ts";

export const countries: DemoCountry[] = [
  ["NL", "Netherlands", "nl", "Europe/Amsterdam", "EUR"],
  ["BE", "Belgium", "nl", "Europe/Brussels", "EUR"],
  ["FR", "France", "fr", "Europe/Paris", "EUR"],
  ["DK", "Denmark", "da", "Europe/Copenhagen", "DKK"],
  ["DE", "Germany", "de", "Europe/Berlin", "EUR"],
  ["GB", "United Kingdom", "en", "Europe/London", "GBP"],
  ["AL", "Albania", "sq", "Europe/Tirane", "ALL"],
  ["AT", "Austria", "de", "Europe/Vienna", "EUR"],
  ["BA", "Bosnia and Herzegovina", "bs", "Europe/Sarajevo", "BAM"],
  ["BG", "Bulgaria", "bg", "Europe/Sofia", "EUR"],
  ["CH", "Switzerland", "de", "Europe/Zurich", "CHF"],
  ["CZ", "Czechia", "cs", "Europe/Prague", "CZK"],
  ["ES", "Spain", "es", "Europe/Madrid", "EUR"],
  ["GR", "Greece", "el", "Europe/Athens", "EUR"],
  ["HR", "Croatia", "hr", "Europe/Zagreb", "EUR"],
  ["HU", "Hungary", "hu", "Europe/Budapest", "HUF"],
  ["IE", "Ireland", "en", "Europe/Dublin", "EUR"],
  ["IT", "Italy", "it", "Europe/Rome", "EUR"],
  ["LT", "Lithuania", "lt", "Europe/Vilnius", "EUR"],
  ["LU", "Luxembourg", "fr", "Europe/Luxembourg", "EUR"],
  ["ME", "Montenegro", "sr", "Europe/Podgorica", "EUR"],
  ["MK", "North Macedonia", "mk", "Europe/Skopje", "MKD"],
  ["PL", "Poland", "pl", "Europe/Warsaw", "PLN"],
  ["PT", "Portugal", "pt", "Europe/Lisbon", "EUR"],
  ["RO", "Romania", "ro", "Europe/Bucharest", "RON"],
  ["RS", "Serbia", "sr", "Europe/Belgrade", "RSD"],
  ["SE", "Sweden", "sv", "Europe/Stockholm", "SEK"],
  ["SI", "Slovenia", "sl", "Europe/Ljubljana", "EUR"],
  ["SK", "Slovakia", "sk", "Europe/Bratislava", "EUR"],
  ["XK", "Kosovo", "sq", "Europe/Belgrade", "EUR"],
].map(([code, name, defaultLocale, timeZone, currency]) => ({
  code: code!,
  name: name!,
  defaultLocale: defaultLocale!,
  timeZone: timeZone!,
  currency: currency!,
}));

export const countryCodes = new Set(countries.map((c) => c.code));
