// The two tabs of /studio/config/countries: the links between them, and the frame of each tab (its
// heading with the tab's "new" button, then its table and dialogs).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cx, focusRing } from "../../../components/ui/cx.ts";
import { useT } from "../../../lib/i18n.tsx";
import { COUNTRIES_PATH, COUNTRY_TABS, TAB_PARAM, type CountryTab } from "./countries-paths.ts";

export function CountryTabLinks({ current }: { current: CountryTab }) {
  const t = useT();
  return (
    <nav
      aria-label={t("studio.countries.tabs")}
      className="mb-4 border-b border-slate-200 dark:border-slate-800"
    >
      <ul className="-mb-px flex gap-4">
        {COUNTRY_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={tab === "countries" ? COUNTRIES_PATH : `${COUNTRIES_PATH}?${TAB_PARAM}=${tab}`}
              aria-current={current === tab ? "page" : undefined}
              className={cx(
                "inline-block rounded-t-md border-b-2 px-1 py-2 text-sm font-medium",
                focusRing,
                current === tab
                  ? "border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300"
                  : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100",
              )}
            >
              {t(`studio.countries.tab.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One tab: its heading beside its "new" button, then the table and dialogs. */
export function TabSection({
  tab,
  actions,
  children,
}: {
  tab: CountryTab;
  actions: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby={`${tab}-heading`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${tab}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t(`studio.countries.tab.${tab}`)}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
