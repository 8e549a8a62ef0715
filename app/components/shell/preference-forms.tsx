import { Languages, Monitor, Moon, Sun } from "lucide-react";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import { PUBLIC_LOCALES } from "../../../core/i18n/locales.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { COLOUR_MODES, type ColourModePreference } from "../../lib/colour-mode.ts";
import { useT } from "../../lib/i18n.tsx";

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
