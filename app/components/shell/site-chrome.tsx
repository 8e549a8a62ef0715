import { Clapperboard } from "lucide-react";
import { Link } from "react-router";
import type { LocaleOption } from "../../../core/i18n/locale-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { ColourModeSwitcher, InterfaceLocaleSwitcher, PublicLocaleSwitcher } from "./preference-forms.tsx";

/** The id of a layout's <main>: the skip link's target. */
export const MAIN_ID = "main";

/**
 * "Skip to content": the page's first keyboard stop, hidden until focused. It moves focus into the main
 * area too (the browser only scrolls to it), so the next Tab continues there.
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={() => document.getElementById(MAIN_ID)?.focus()}
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-primary-800 focus:shadow-lg focus:ring-2 focus:ring-primary-600 dark:focus:bg-slate-900 dark:focus:text-primary-300"
    >
      {t("app.skipToContent")}
    </a>
  );
}

/** `localeOptions`: the interface's languages (sign-in pages); without, the public site's two. */
export function SiteHeader({ localeOptions }: { localeOptions?: LocaleOption[] | null }) {
  const t = useT();
  return (
    <header className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <Clapperboard aria-hidden="true" className="size-6 text-primary-700 dark:text-primary-400" />
          Reeltime
        </Link>
        <div className="flex items-center gap-3">
          {localeOptions ? <InterfaceLocaleSwitcher options={localeOptions} /> : <PublicLocaleSwitcher />}
          <ColourModeSwitcher />
        </div>
      </div>
      <p className="sr-only">{t("app.tagline")}</p>
    </header>
  );
}

const FOOTER_LINK = "underline hover:text-slate-900 dark:hover:text-white";

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="mt-16 border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-4 px-4">
        <p>
          {t("footer.attribution")} {/* A file, not a page of the app: a plain link. */}
          <a href="/NOTICE.txt" className={FOOTER_LINK}>
            {t("footer.notice")}
          </a>
        </p>
        <nav aria-label={t("footer.nav")} className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to="/cookieverklaring" className={FOOTER_LINK}>
            {t("footer.cookies")}
          </Link>
          <Link to="/privacy" className={FOOTER_LINK}>
            {t("footer.privacy")}
          </Link>
          <Link to="/terms" className={FOOTER_LINK}>
            {t("footer.terms")}
          </Link>
          {/* Into the studio with a page load: a public page's Google Tag Manager cannot be unloaded, and a
              client-side visit would render the studio only to reload it (useNoTagManagerInStudio). */}
          <Link to="/studio" reloadDocument className={FOOTER_LINK}>
            {t("footer.studio")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
