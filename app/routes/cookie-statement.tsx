import { Form, useRouteLoaderData } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../components/ui/table.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { ANALYTICS_INVENTORY, STORAGE_INVENTORY, type StorageEntry } from "../lib/cookie-inventory.ts";
import { useT } from "../lib/i18n.tsx";
import { titleFrom } from "../lib/page-title.ts";
import type { Route } from "./+types/cookie-statement.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "cookies.title", "Cookie statement") }];
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

export default function CookieStatement() {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const consent = root?.consent ?? "unset";
  return (
    <article className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("cookies.title")}</h1>
      <p>{t("cookies.intro")}</p>
      <InventoryTable entries={STORAGE_INVENTORY} caption={t("cookies.ownCaption")} />
      <InventoryTable entries={ANALYTICS_INVENTORY} caption={t("cookies.analyticsCaption")} />
      <section
        aria-labelledby="consent-heading"
        className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 id="consent-heading" className="text-lg font-semibold">
          {t("cookies.consentHeading")}
        </h2>
        <p className="mt-1 text-sm" data-testid="consent-state">
          {t(`cookies.consentState.${consent}`)}
        </p>
        <Form method="post" action="/preferences/consent" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="redirectTo" value="/cookieverklaring" />
          <button
            name="consent"
            value="granted"
            className="rounded-md bg-primary-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-800"
          >
            {t("consent.accept")}
          </button>
          <button
            name="consent"
            value="denied"
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t("consent.deny")}
          </button>
        </Form>
      </section>
    </article>
  );
}
