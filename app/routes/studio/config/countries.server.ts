// /studio/config/countries on the server: the countries tab (search, enabled filter, sort, paging, CSV)
// or the bundles tab (search, sort, paging, CSV), and their intents: create / update a country, create /
// update / delete a bundle.
import type { RouterContextProvider } from "react-router";
import { createBundle } from "../../../../core/catalog/countries/create-bundle.ts";
import { createCountry } from "../../../../core/catalog/countries/create-country.ts";
import {
  createBundleSchema,
  createCountrySchema,
  deleteBundleSchema,
  updateBundleSchema,
  updateCountrySchema,
} from "../../../../core/catalog/countries/country-schemas.ts";
import { deleteBundle } from "../../../../core/catalog/countries/delete-bundle.ts";
import { BUNDLE_SORTS, listBundles } from "../../../../core/catalog/countries/list-bundles.ts";
import {
  COUNTRY_SORTS,
  countryChoices,
  listCountries,
} from "../../../../core/catalog/countries/list-country-rows.ts";
import { updateBundle } from "../../../../core/catalog/countries/update-bundle.ts";
import { updateCountry } from "../../../../core/catalog/countries/update-country.ts";
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { COUNTRY_TABS, TAB_PARAM, type CountryTab } from "./countries-paths.ts";

const readTab = (url: URL): CountryTab =>
  readChoice(url.searchParams, TAB_PARAM, COUNTRY_TABS) ?? "countries";

const countryList = listRoute({
  sorts: COUNTRY_SORTS,
  defaultSort: "name",
  filters: (params) => ({ enabled: readChoice(params, "enabled", ["yes", "no"] as const) }),
  list: listCountries,
  csv: {
    name: "countries",
    columns: [
      ["studio.countries.col.code", "code"],
      ["studio.countries.col.name", "name"],
      "enabled",
      ["studio.countries.col.locale", "defaultLocale"],
      ["studio.countries.col.timeZone", "timeZone"],
      ["studio.countries.col.currency", "currency"],
      ["studio.countries.col.clients", "clients"],
      "bundles",
    ],
  },
});

const bundleList = listRoute({
  sorts: BUNDLE_SORTS,
  defaultSort: "name",
  filters: () => ({}),
  list: listBundles,
  csv: {
    name: "bundles",
    columns: [
      "id",
      ["studio.countries.bundles.col.name", "name"],
      "description",
      ["csv.column.priceMinor", "price"],
      "currency",
      ["studio.countries.bundles.col.countries", (r) => r.countries.join(" ")],
      ["studio.countries.bundles.col.clients", "clients"],
    ],
  },
});

export async function loadCountriesPage(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const tab = readTab(new URL(request.url));
  const locales = localeOptions().map(({ value, label }) => ({ value, label }));
  if (tab === "bundles") {
    const [bundles, choices] = await Promise.all([
      bundleList.load(request, context),
      // The bundle form's list of countries to choose from.
      countryChoices(services, actor),
    ]);
    return { tab, countries: null, bundles, choices, locales };
  }
  const countries = await countryList.load(request, context);
  return { tab, countries, bundles: null, choices: [], locales };
}

export async function countriesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  return readTab(new URL(request.url)) === "bundles"
    ? bundleList.csv(request, context)
    : countryList.csv(request, context);
}

type Toast = "countryCreated" | "countrySaved" | "bundleCreated" | "bundleSaved" | "bundleDeleted";
const toast = (key: Toast) => (saved: { name: string }) =>
  successToast(`studio.countries.toast.${key}`, { name: saved.name });

/** The create, update and delete intents of both tabs. */
const COUNTRY_INTENTS = {
  createCountry: formIntent(createCountrySchema, createCountry, toast("countryCreated")),
  updateCountry: formIntent(updateCountrySchema, updateCountry, toast("countrySaved")),
  createBundle: formIntent(createBundleSchema, createBundle, toast("bundleCreated")),
  updateBundle: formIntent(updateBundleSchema, updateBundle, toast("bundleSaved")),
  deleteBundle: formIntent(deleteBundleSchema, deleteBundle, toast("bundleDeleted"), { toastOnError: true }),
};

export async function countriesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), COUNTRY_INTENTS, services, actor);
}
