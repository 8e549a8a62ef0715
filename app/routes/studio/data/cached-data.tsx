import { Eraser, Trash2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { PurgeAllForm, PurgePrefixForm, type PrefixCount } from "../../../components/studio/cache-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Stat } from "../../../components/ui/stat.tsx";
import { CACHE_NAMESPACES } from "../../../../core/cache/cache-schemas.ts";
import { useFormatBytes } from "../../../lib/format-bytes.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cached-data.ts";
import { cachedDataAction, loadCachedData } from "./cached-data.server.ts";

const CACHED_DATA_PATH = "/studio/data/cached-data";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.cachedData.title", "Cached data") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCachedData(request, context);
export const action = ({ request, context }: Route.ActionArgs) => cachedDataAction(request, context);

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];
type Summary = Data["summary"][number];

/** Seconds as the reader's language writes them: "45 sec", "12 min", "3 hr". */
function useDuration() {
  const intl = useIntl();
  return (seconds: number) => {
    const [value, unit] =
      seconds < 120
        ? [seconds, "second"]
        : seconds < 7200
          ? [Math.floor(seconds / 60), "minute"]
          : [Math.floor(seconds / 3600), "hour"];
    return intl.formatNumber(value, { style: "unit", unit, unitDisplay: "short" });
  };
}

function CacheCard({ cache }: { cache: Summary }) {
  const t = useT();
  const intl = useIntl();
  const formatBytes = useFormatBytes();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(`studio.cachedData.namespace.${cache.namespace}`)}</CardTitle>
        <CardDescription>
          {cache.location.kind === "redis"
            ? t("studio.cachedData.location.redis")
            : t("studio.cachedData.location.memory", { instance: cache.location.instance })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <Stat label={t("studio.cachedData.stat.entries")} value={intl.formatNumber(cache.entries)} />
        <Stat label={t("studio.cachedData.stat.bytes")} value={formatBytes(cache.bytes)} />
        <Stat
          label={t("studio.cachedData.stat.hitRate")}
          value={cache.hitRate === null ? "–" : intl.formatNumber(cache.hitRate, { style: "percent" })}
          hint={
            cache.hitRate === null
              ? t("studio.cachedData.stat.noLookups")
              : t("studio.cachedData.stat.lookups", { hits: cache.hits, misses: cache.misses })
          }
        />
        <p className="text-sm text-slate-600 sm:col-span-3 dark:text-slate-400">
          {t("studio.cachedData.stat.since")} <LocalTime iso={cache.since} />
        </p>
      </CardContent>
    </Card>
  );
}

function useCacheColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  const formatBytes = useFormatBytes();
  const duration = useDuration();
  return [
    {
      key: "key",
      header: t("studio.cachedData.col.key"),
      sortable: true,
      cell: (row) => <code className="block min-w-56 font-mono text-sm break-all">{row.key}</code>,
    },
    {
      key: "namespace",
      header: t("studio.cachedData.col.namespace"),
      hideable: true,
      cell: (row) => <Badge tone="neutral">{t(`studio.cachedData.namespace.${row.namespace}`)}</Badge>,
    },
    {
      key: "size",
      header: t("studio.cachedData.col.size"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatBytes(row.size),
    },
    {
      key: "age",
      header: t("studio.cachedData.col.age"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => (row.ageSeconds === null ? t("studio.cachedData.unknown") : duration(row.ageSeconds)),
    },
    {
      key: "ttl",
      header: t("studio.cachedData.col.ttl"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => (row.ttlSeconds === null ? t("studio.cachedData.noExpiry") : duration(row.ttlSeconds)),
    },
    {
      key: "hits",
      header: t("studio.cachedData.col.hits"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.hits),
    },
  ];
}

export default function CachedData({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const next = List.useAttempts();
  const prefixer = List.useEditDialog(next);
  const emptier = List.useEditDialog(next);
  const purging = List.useRowDialog<Row>();

  const namespaceOptions = CACHE_NAMESPACES.map((value) => ({
    value,
    label: t(`studio.cachedData.namespace.${value}`),
  }));
  const columns = useCacheColumns();
  const rowActions = (row: Row) => (
    <List.RowActions label={row.key}>
      <List.RowAction icon={Trash2} tone="danger" onSelect={() => purging.open(row)}>
        {t("studio.cachedData.action.purge")}
      </List.RowAction>
    </List.RowActions>
  );

  return (
    <List.ListPage
      messages="studio.cachedData"
      actions={
        <>
          <Button variant="outline" onClick={() => prefixer.open()}>
            <Eraser aria-hidden="true" />
            {t("studio.cachedData.purgePrefix.open")}
          </Button>
          <Button variant="danger" onClick={() => emptier.open()}>
            <Trash2 aria-hidden="true" />
            {t("studio.cachedData.purgeAll.open")}
          </Button>
        </>
      }
    >
      <div className="mb-6 grid gap-4">
        {loaderData.summary.map((cache) => (
          <CacheCard key={cache.namespace} cache={cache} />
        ))}
      </div>
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={rowActions}
        rowKey={(row) => `${row.namespace}:${row.key}`}
        filters={[
          { name: "namespace", label: t("studio.cachedData.filter.namespace"), options: namespaceOptions },
        ]}
      />
      <PurgeDialogs purging={purging} prefixer={prefixer} emptier={emptier} />
    </List.ListPage>
  );
}

/** Purging one entry, the entries under a prefix (counted, then confirmed), or everything. */
function PurgeDialogs({
  purging,
  prefixer,
  emptier,
}: {
  purging: List.RowDialogState<Row>;
  prefixer: List.EditDialogState<void>;
  emptier: List.EditDialogState<void>;
}) {
  const t = useT();
  const [counted, setCounted] = useState<PrefixCount | null>(null);
  const cancel = <List.CancelButton>{t("studio.cachedData.form.cancel")}</List.CancelButton>;
  return (
    <>
      <List.ConfirmDialog
        {...purging.dialog}
        title={t("studio.cachedData.purgeEntry.title")}
        description={t("studio.cachedData.purgeEntry.description", { key: purging.row?.key ?? "" })}
        confirmLabel={t("studio.cachedData.action.purge")}
        action={CACHED_DATA_PATH}
        fields={{ intent: "purgeKey", namespace: purging.row?.namespace ?? "", key: purging.row?.key ?? "" }}
      />

      <List.EditDialog
        dialog={prefixer}
        title={t("studio.cachedData.purgePrefix.title")}
        description={t("studio.cachedData.purgePrefix.description")}
      >
        {({ attempt }) => (
          <PurgePrefixForm
            action={CACHED_DATA_PATH}
            fetcherKey={`cache-prefix-${attempt}`}
            secondary={cancel}
            onCounted={(result) => {
              prefixer.close();
              setCounted(result);
            }}
          />
        )}
      </List.EditDialog>

      <List.ConfirmDialog
        open={counted !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setCounted(null);
        }}
        title={t("studio.cachedData.purgePrefix.confirmTitle", { count: counted?.count ?? 0 })}
        description={t("studio.cachedData.purgePrefix.confirmDescription", { prefix: counted?.prefix ?? "" })}
        confirmLabel={t("studio.cachedData.purgePrefix.confirm", { count: counted?.count ?? 0 })}
        action={CACHED_DATA_PATH}
        fields={{ intent: "purgePrefix", prefix: counted?.prefix ?? "", namespace: counted?.namespace ?? "" }}
      />

      <List.EditDialog
        dialog={emptier}
        role="alertdialog"
        title={t("studio.cachedData.purgeAll.title")}
        description={t("studio.cachedData.purgeAll.description")}
      >
        {({ attempt }) => (
          <PurgeAllForm
            action={CACHED_DATA_PATH}
            fetcherKey={`cache-all-${attempt}`}
            onSaved={emptier.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>
    </>
  );
}
