// The home page's search form (GET "/"): the city, a film, "Near me", and in the filters sheet the
// attribute filters and the films' order.
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { FILM_SORTS } from "../../../core/showtimes/sort-listing.ts";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { FilmCombobox } from "./film-combobox.tsx";
import { FiltersButton, FiltersSheet } from "./filters-sheet.tsx";
import type { HomeData as Data } from "./listing-link.ts";
import { NearMeButton } from "./near-me-button.tsx";

export function SearchForm({ data }: { data: Data }) {
  const t = useT();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  const city = data.place.kind === "city" ? data.place.city : "";
  return (
    <Form
      ref={formRef}
      method="get"
      action="/"
      className="search-form"
      onChange={(event) => {
        // Filters and the order apply at once with JavaScript; without it the submit button does the same.
        const field = event.target as unknown as HTMLInputElement;
        if (field.type === "checkbox" || field.name === "sort")
          submit(event.currentTarget, { preventScrollReset: true });
      }}
      aria-label={t("home.searchLabel")}
    >
      {/* The quick pick or the day stays when searching, filtering or sorting. */}
      {data.when ? (
        <input type="hidden" name="when" value={data.when} />
      ) : (
        <input type="hidden" name="date" value={data.date} />
      )}
      {/* A visitor who asked for more films keeps them when filtering. */}
      {data.filmsAsked ? <input type="hidden" name="films" value={data.filmsAsked} /> : null}
      <div className="search-row">
        <div className="flex min-w-56 flex-1 flex-col gap-1 phone:min-w-0 phone:basis-[45%]">
          <label htmlFor="city" className="text-sm font-medium">
            {t("home.cityLabel")}
          </label>
          <input
            id="city"
            name="city"
            type="search"
            list="city-suggestions"
            defaultValue={data.cityNotFound ? data.cityText : city}
            placeholder={t("home.cityPlaceholder")}
            autoComplete="address-level2"
            maxLength={100}
            className="rounded-md border border-slate-500 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-950"
          />
          <datalist id="city-suggestions">
            {data.cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <FilmField text={data.filmSearch?.text ?? ""} />
        <button
          type="submit"
          className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 phone:px-2.5"
        >
          {/* Phones show the icon: the row also holds "Near me" and "Filters". */}
          <Search aria-hidden="true" className="hidden size-5 phone:block" />
          <span className="phone:sr-only">{t("home.search")}</span>
        </button>
        <NearMeButton listing={data} />
        <FiltersButton sheet={sheet} selected={data.selected.length} />
      </div>
      <FiltersSheet sheet={sheet} showtimeCount={data.showtimeCount}>
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
          {data.filters.map((group) => (
            <fieldset key={group.category} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <legend className="me-2 float-start text-sm font-medium text-slate-700 dark:text-slate-300">
                {t(`attributeCategory.${group.category}` as MessageKey)}
              </legend>
              {group.options.map((option) => (
                <label key={option.code} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name="attr"
                    value={option.code}
                    defaultChecked={data.selected.includes(option.code)}
                    className="size-4 accent-green-700"
                  />
                  {option.name}
                </label>
              ))}
            </fieldset>
          ))}
          <SortControl data={data} />
        </div>
      </FiltersSheet>
    </Form>
  );
}

/**
 * "Find a film" (or a cinema): a title typed here opens the film's page for the city and day of the form;
 * while typing, suggestions (typos forgiven) open a film's or a cinema's page at once.
 */
function FilmField({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="flex min-w-56 flex-1 flex-col gap-1 phone:min-w-0 phone:basis-[45%]">
      <label htmlFor="film" className="text-sm font-medium">
        {t("home.filmLabel")}
      </label>
      <FilmCombobox
        id="film"
        name="film"
        defaultValue={text}
        placeholder={t("home.filmOrCinemaPlaceholder")}
      />
    </div>
  );
}

const SORT_LABEL: Record<(typeof FILM_SORTS)[number], MessageKey> = {
  next: "home.sort.next",
  title: "home.sort.title",
  popular: "home.sort.popular",
};

/** The films' order: part of the search form (GET), so it works without JavaScript and stays in the URL. */
function SortControl({ data }: { data: Data }) {
  const t = useT();
  const select = useRef<HTMLSelectElement>(null);
  // A new order (back and forward too) shows in the control. Set, not remounted: a remount would drop
  // the focus of whoever just chose (in the phones' filters sheet, out of the dialog).
  useEffect(() => {
    if (select.current) select.current.value = data.sort;
  }, [data.sort]);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="sort" className="font-medium text-slate-700 dark:text-slate-300">
        {t("home.sortLabel")}
      </label>
      <select
        ref={select}
        id="sort"
        name="sort"
        defaultValue={data.sort}
        className="rounded-md border border-slate-500 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-950"
      >
        {FILM_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABEL[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
