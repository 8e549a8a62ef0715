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
import { COUNTRY_SORTS, countryChoices, listCountries } from "../../../../core/catalog/countries/list-country-rows.ts";
import { updateBundle } from "../../../../core/catalog/countries/update-bundle.ts";
import { updateCountry } from "../../../../core/catalog/countries/update-country.ts";
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { COUNTRY_TABS, TAB_PARAM, type CountryTab } from "./countries-paths.ts";

const sortKeys = (sorts: readonly string[]) => [...new Set(sorts.map((s) => s.replace(/^-/, "")))];
export const COUNTRY_INTENTS = [
  "createCountry",
  "updateCountry",
  "createBundle",
  "updateBundle",
  "deleteBundle",
] as const;

const readTab = (url: URL): CountryTab =>
  readChoice(url.searchParams, TAB_PARAM, COUNTRY_TABS) ?? "countries";

function readCountryQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: sortKeys(COUNTRY_SORTS), defaultSort: "name" });
  return {
    table,
    input: {
      search: table.q || undefined,
      enabled: readChoice(url.searchParams, "enabled", ["yes", "no"] as const),
      sort: table.sort as (typeof COUNTRY_SORTS)[number],
    },
  };
}

function readBundleQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: sortKeys(BUNDLE_SORTS), defaultSort: "name" });
  return {
    table,
    input: { search: table.q || undefined, sort: table.sort as (typeof BUNDLE_SORTS)[number] },
  };
}

export async function loadCountriesPage(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const tab = readTab(url);
  const locales = localeOptions().map(({ value, label }) => ({ value, label }));
  if (tab === "bundles") {
    const { table, input } = readBundleQuery(url);
    const [page, choices] = await Promise.all([
      readPageClamped(
        (n) => listBundles(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
        table.page,
      ),
      // The bundle form's list of countries to choose from.
      countryChoices(services, session.actor),
    ]);
    return { tab, countries: null, bundles: { ...page, sort: table.sort }, choices, locales };
  }
  const { table, input } = readCountryQuery(url);
  const page = await readPageClamped(
    (n) => listCountries(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
    table.page,
  );
  return { tab, countries: { ...page, sort: table.sort }, bundles: null, choices: [], locales };
}

export async function countriesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  if (readTab(url) === "bundles") {
    const { input } = readBundleQuery(url);
    const rows = await allRows((page, pageSize) =>
      listBundles(services, session.actor, { ...input, page, pageSize }),
    );
    return csvResponse(
      "bundles",
      [
        "csv.column.id",
        "studio.countries.bundles.col.name",
        "csv.column.description",
        "csv.column.priceMinor",
        "csv.column.currency",
        "studio.countries.bundles.col.countries",
        "studio.countries.bundles.col.clients",
      ],
      rows.map((r) => [r.id, r.name, r.description, r.price, r.currency, r.countries.join(" "), r.clients]),
      services.now(),
      interfaceText(request, services),
    );
  }
  const { input } = readCountryQuery(url);
  const rows = await allRows((page, pageSize) =>
    listCountries(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "countries",
    [
      "studio.countries.col.code",
      "studio.countries.col.name",
      "csv.column.enabled",
      "studio.countries.col.locale",
      "studio.countries.col.timeZone",
      "studio.countries.col.currency",
      "studio.countries.col.clients",
      "csv.column.bundles",
    ],
    rows.map((r) => [
      r.code,
      r.name,
      r.enabled,
      r.defaultLocale,
      r.timeZone,
      r.currency,
      r.clients,
      r.bundles,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

const success = (key: Parameters<typeof messageRef>[0], values: Record<string, string | number>) => ({
  toast: { kind: "success" as const, message: messageRef(key, values) },
});

export async function countriesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, COUNTRY_INTENTS);
  switch (intent) {
    case "createCountry":
      return runForm(
        intent,
        form,
        createCountrySchema,
        (value) => createCountry(services, actor, value),
        (country) => success("studio.countries.toast.countryCreated", { name: country.name }),
      );
    case "updateCountry":
      return runForm(
        intent,
        form,
        updateCountrySchema,
        (value) => updateCountry(services, actor, value),
        (country) => success("studio.countries.toast.countrySaved", { name: country.name }),
      );
    case "createBundle":
      return runForm(
        intent,
        form,
        createBundleSchema,
        (value) => createBundle(services, actor, value),
        (bundle) => success("studio.countries.toast.bundleCreated", { name: bundle.name }),
      );
    case "updateBundle":
      return runForm(
        intent,
        form,
        updateBundleSchema,
        (value) => updateBundle(services, actor, value),
        (bundle) => success("studio.countries.toast.bundleSaved", { name: bundle.name }),
      );
    case "deleteBundle":
      return runForm(
        intent,
        form,
        deleteBundleSchema,
        (value) => deleteBundle(services, actor, value),
        (result) => success("studio.countries.toast.bundleDeleted", { name: result.name }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
