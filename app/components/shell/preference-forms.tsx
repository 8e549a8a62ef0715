import { Languages, Monitor, Moon, Sun } from "lucide-react";
import { useMemo } from "react";
import { Form, useLocation, useRouteLoaderData, useSubmit } from "react-router";
import type { LocaleOption } from "../../../core/i18n/locale-names.ts";
import { languageNamesIn, searchLocales } from "../../../core/i18n/locale-search.ts";
import { PUBLIC_LOCALES, toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { COLOUR_MODES, type ColourModePreference } from "../../lib/colour-mode-cookie.ts";
import { useT } from "../../lib/i18n.tsx";
import { Combobox, type ComboboxOption } from "../ui/combobox.tsx";
import { Field } from "../ui/field.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";

const ICONS: Record<ColourModePreference, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/**
 * The chosen option of a switch is filled with the primary colour, so it stands out from the others
 * by more than a tint (a state must be visible at 3:1, WCAG 1.4.11); hover only tints the others.
 */
const TOGGLE_STATES =
  "text-slate-600 not-aria-pressed:hover:bg-slate-100 aria-pressed:bg-primary-700 aria-pressed:text-white dark:text-slate-300 dark:not-aria-pressed:hover:bg-slate-800 dark:aria-pressed:bg-primary-400 dark:aria-pressed:text-slate-950";

/** System / light / dark; a plain form so it works before (or without) JavaScript. */
export function ColourModeSwitcher() {
  const t = useT();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const current = data?.colourMode ?? "system";
  return (
    <Form
      method="post"
      action="/preferences/colour-mode"
      className="flex items-center"
      aria-label={t("colourMode.label")}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div
        role="group"
        aria-label={t("colourMode.label")}
        className="flex rounded-md border border-slate-300 dark:border-slate-700"
      >
        {COLOUR_MODES.map((mode) => {
          const Icon = ICONS[mode];
          return (
            <button
              key={mode}
              type="submit"
              name="mode"
              value={mode}
              aria-pressed={current === mode}
              title={t(`colourMode.${mode}`)}
              className={`p-1.5 first:rounded-s-md last:rounded-e-md ${TOGGLE_STATES}`}
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="sr-only">{t(`colourMode.${mode}`)}</span>
            </button>
          );
        })}
      </div>
    </Form>
  );
}

/** The public site's languages: English and Dutch. */
export function PublicLocaleSwitcher() {
  const t = useT();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/preferences/locale"
      className="flex items-center gap-1"
      aria-label={t("locale.label")}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Languages aria-hidden="true" className="size-4 text-slate-500" />
      {PUBLIC_LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          aria-pressed={data?.locale === locale}
          className={`rounded px-1.5 py-0.5 text-sm font-medium uppercase ${TOGGLE_STATES}`}
        >
          {/* The visible code is part of the name (WCAG 2.5.3): "nl Nederlands". */}
          {locale}
          <span className="sr-only"> {t(`locale.name.${locale}`)}</span>
        </button>
      ))}
    </Form>
  );
}

/**
 * The studio's and its sign-in pages' languages: every finished locale under its own name. Server-rendered
 * (and without JavaScript) a select in a plain form, with a button; once React runs, a searchable
 * combobox that submits the form as soon as a language is chosen.
 */
export function InterfaceLocaleSwitcher({ options }: { options: LocaleOption[] }) {
  const t = useT();
  const location = useLocation();
  const current = useRouteLoaderData<typeof rootLoader>("root")?.locale ?? "en";
  const hydrated = useHydrated();
  const submit = useSubmit();
  const redirectTo = location.pathname + location.search;
  return (
    <Form method="post" action="/preferences/locale" className="flex items-center">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? (
        <Field label={t("locale.label")} labelHidden id="studio-locale" className="w-48">
          <LanguageCombobox
            // A new language (or another tab's) starts the box afresh.
            key={current}
            name="locale"
            options={options}
            value={current}
            size="sm"
            onChange={(locale) => {
              if (locale !== current) {
                void submit({ locale, redirectTo }, { method: "post", action: "/preferences/locale" });
              }
            }}
          />
        </Field>
      ) : (
        <>
          <label htmlFor="studio-locale" className="sr-only">
            {t("locale.label")}
          </label>
          <select
            id="studio-locale"
            name="locale"
            key={current}
            defaultValue={current}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="h-8 w-48 rounded-md border border-slate-500 bg-white px-2 text-sm dark:border-slate-500 dark:bg-slate-950"
          >
            <LanguageOptions options={options} />
          </select>
          <noscript>
            <button type="submit" className="ms-1 rounded-md border px-2 py-1 text-sm">
              {t("studio.switch")}
            </button>
          </noscript>
        </>
      )}
    </Form>
  );
}

/** The native select's options (the form without JavaScript), each in its own language and direction. */
export function LanguageOptions({ options }: { options: readonly LocaleOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} lang={option.tag} dir={option.dir}>
      {option.label}
    </option>
  ));
}

/**
 * Choose a language by typing its own name, its English name, its name in the interface's language or
 * its code ("Deut", "ger", "Duits", "de": Deutsch); see searchLocales. Its hidden field `name` always
 * carries a language. Inside a <Field> for its label.
 */
export function LanguageCombobox({
  name,
  options,
  value,
  size,
  onChange,
}: {
  name: string;
  options: readonly LocaleOption[];
  value: string;
  size?: "md" | "sm";
  onChange?: (locale: Locale) => void;
}) {
  const t = useT();
  const uiLocale = useRouteLoaderData<typeof rootLoader>("root")?.locale ?? "en";
  const { choices, byValue, filter } = useMemo(() => {
    const nameInUi = languageNamesIn(toLanguageTag(uiLocale));
    const choices = options.map((option): ComboboxOption => ({
      value: option.value,
      label: option.label,
      lang: option.tag,
      dir: option.dir,
    }));
    const byValue = new Map(choices.map((choice) => [choice.value, choice]));
    const filter = (_: readonly ComboboxOption[], query: string) =>
      searchLocales(options, query, nameInUi).flatMap((option) => byValue.get(option.value) ?? []);
    return { choices, byValue, filter };
  }, [options, uiLocale]);
  return (
    <Combobox
      name={name}
      options={choices}
      defaultOption={byValue.get(value) ?? null}
      filter={filter}
      clearable={false}
      required
      listLabel={t("locale.label")}
      size={size}
      onChange={(option) => {
        const chosen = options.find((candidate) => candidate.value === option?.value);
        if (chosen) onChange?.(chosen.value);
      }}
    />
  );
}
