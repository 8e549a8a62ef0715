import { Form, useRouteLoaderData } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../components/ui/table.tsx";
import {
  CONSENT_BUTTON,
  CONSENT_SECONDARY_BUTTON,
  ConsentCategoryFields,
} from "../components/shell/analytics.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { ALL_DENIED, consentSummary, serializeConsent } from "../lib/consent-cookie.ts";
import { ANALYTICS_INVENTORY, STORAGE_INVENTORY, type StorageEntry } from "../lib/cookie-inventory.ts";
import { useT } from "../lib/i18n.tsx";
import { descriptionFrom, titleFrom } from "../lib/page-title.ts";
import { publicPageLinks } from "../lib/public-urls.ts";
import type { Route } from "./+types/cookie-statement.ts";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    { title: titleFrom(matches, "cookies.title", "Cookie statement") },
    ...descriptionFrom(matches, "cookies.metaDescription"),
    ...publicPageLinks(matches, location, "/cookieverklaring"),
  ];
}

function useLifetime() {
  const t = useT();
  return (seconds: number | null) => {
    if (seconds === null) return t("cookies.lifetime.session");
    const days = Math.round(seconds / 86400);
    return days >= 365 && days % 365 === 0
      ? t("cookies.lifetime.years", { count: days / 365 })
      : t("cookies.lifetime.days", { count: days });
  };
}

function InventoryTable({ entries, caption }: { entries: readonly StorageEntry[]; caption: string }) {
  const t = useT();
  const lifetime = useLifetime();
  return (
    <Table caption={caption}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>{t("cookies.column.name")}</TableHeaderCell>
          <TableHeaderCell>{t("cookies.column.kind")}</TableHeaderCell>
          <TableHeaderCell>{t("cookies.column.purpose")}</TableHeaderCell>
          <TableHeaderCell>{t("cookies.column.lifetime")}</TableHeaderCell>
          <TableHeaderCell>{t("cookies.column.category")}</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.name} className="align-top" data-testid="storage-entry">
            <TableCell className="font-mono">{entry.name}</TableCell>
            <TableCell>{t(`cookies.kind.${entry.kind}`)}</TableCell>
            <TableCell>{t(entry.purpose)}</TableCell>
            <TableCell>{lifetime(entry.lifetimeSeconds)}</TableCell>
            <TableCell>{t(`cookies.category.${entry.category}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The visitor's current choice, and the same categories to change it (plain forms, no JavaScript needed). */
function ConsentSettings() {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const consent = root?.consent ?? null;
  return (
    <section
      aria-labelledby="consent-heading"
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="consent-heading" className="text-lg font-semibold">
        {t("cookies.consentHeading")}
      </h2>
      <p className="text-sm" data-testid="consent-state">
        {t(`cookies.consentState.${consentSummary(consent)}`)}
      </p>
      <Form method="post" action="/preferences/consent" preventScrollReset className="space-y-3">
        <input type="hidden" name="redirectTo" value="/cookieverklaring" />
        {/* Keyed by the stored choice, so the boxes show it again after a change. */}
        <ConsentCategoryFields
          key={consent ? serializeConsent(consent) : "unset"}
          choice={consent ?? ALL_DENIED}
        />
        <div className="flex flex-wrap gap-2">
          <button name="consent" value="choose" className={CONSENT_SECONDARY_BUTTON}>
            {t("consent.save")}
          </button>
          <button name="consent" value="accept" className={CONSENT_BUTTON}>
            {t("consent.acceptAll")}
          </button>
          <button name="consent" value="reject" className={CONSENT_BUTTON}>
            {t("consent.rejectAll")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function CookieStatement() {
  const t = useT();
  return (
    <article className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("cookies.title")}</h1>
      <p>{t("cookies.intro")}</p>
      <InventoryTable entries={STORAGE_INVENTORY} caption={t("cookies.ownCaption")} />
      <InventoryTable entries={ANALYTICS_INVENTORY} caption={t("cookies.analyticsCaption")} />
      <ConsentSettings />
    </article>
  );
}
