// Browser-safe constants of /studio/config/countries: its path and its two tabs (a URL parameter).
export const COUNTRIES_PATH = "/studio/config/countries";
export const COUNTRY_TABS = ["countries", "bundles"] as const;
export type CountryTab = (typeof COUNTRY_TABS)[number];
export const TAB_PARAM = "tab";
