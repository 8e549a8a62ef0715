// The stats page's controls: the period links and the key and operation filters.
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { USAGE_RANGE_DAYS } from "../../../core/usage/usage-range.ts";
import { Button } from "../../components/ui/button.tsx";
import { cx, focusRing } from "../../components/ui/cx.ts";
import { Field } from "../../components/ui/field.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useT } from "../../lib/i18n.tsx";
import { STATS_PARAMS } from "./stats-params.ts";
import type { Usage } from "./stats-usage.ts";

/** The period links: each keeps the filters and changes only the number of days. */
export function PeriodPicker({ days }: { days: number }) {
  const t = useT();
  const [params] = useSearchParams();
  const hrefFor = (value: number) => {
    const next = new URLSearchParams(params);
    next.set(STATS_PARAMS.days, String(value));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t("studio.stats.period")}>
      <p className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100" aria-hidden="true">
        {t("studio.stats.period")}
      </p>
      <ul className="inline-flex rounded-md border border-slate-500 p-0.5">
        {USAGE_RANGE_DAYS.map((value) => {
          const current = value === days;
          return (
            <li key={value}>
              <Link
                to={hrefFor(value)}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className={cx(
                  "inline-flex h-8 items-center rounded px-3 text-sm font-medium whitespace-nowrap",
                  focusRing,
                  current
                    ? "bg-primary-700 text-white dark:bg-primary-400 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                )}
              >
                {t("studio.stats.days", { days: value })}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function keyLabel(
  t: ReturnType<typeof useT>,
  key: { name: string | null; prefix: string | null; clientName?: string; revoked?: boolean },
  platform: boolean,
) {
  const name = key.name
    ? t("studio.stats.keyLabel", { name: key.name, prefix: key.prefix ?? "" })
    : t("studio.stats.deletedKey");
  const withClient = platform && key.clientName ? `${key.clientName} · ${name}` : name;
  return key.revoked ? t("studio.stats.revokedKey", { key: withClient }) : withClient;
}

/** Key and operation filters: a GET form, so the URL says what is shown and it works without JavaScript. */
export function Filters({ data }: { data: Usage }) {
  const t = useT();
  const navigation = useNavigation();
  const platform = data.scope === "platform";
  const filtered = data.filters.key !== null || data.filters.operation !== null;
  const busy = navigation.state === "loading" && navigation.location.pathname === "/studio/stats";
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-wrap items-end gap-3"
      aria-label={t("studio.stats.filters")}
    >
      <input type="hidden" name={STATS_PARAMS.days} value={data.days} />
      <Field label={t("studio.stats.filterKey")} className="w-64 max-w-full">
        <Select
          name={STATS_PARAMS.key}
          defaultValue={data.filters.key ?? ""}
          key={`key-${data.filters.key ?? ""}`}
          placeholder={t("studio.stats.allKeys")}
          options={data.keys.map((key) => ({ value: key.id, label: keyLabel(t, key, platform) }))}
        />
      </Field>
      <Field label={t("studio.stats.filterOperation")} className="w-56 max-w-full">
        <Select
          name={STATS_PARAMS.operation}
          defaultValue={data.filters.operation ?? ""}
          key={`operation-${data.filters.operation ?? ""}`}
          placeholder={t("studio.stats.allOperations")}
          options={data.operations.map((operation) => ({ value: operation, label: operation }))}
        />
      </Field>
      <Button type="submit" variant="secondary" pending={busy}>
        {t("studio.stats.apply")}
      </Button>
      {filtered ? (
        <LinkButton to={`?${STATS_PARAMS.days}=${data.days}`} variant="ghost" preventScrollReset>
          {t("studio.stats.clearFilters")}
        </LinkButton>
      ) : null}
    </Form>
  );
}
