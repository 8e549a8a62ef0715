import { Eraser, Trash2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { PurgeAllForm, PurgePrefixForm, type PrefixCount } from "../../../components/studio/cache-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Stat } from "../../../components/ui/stat.tsx";
import { CACHE_NAMESPACES } from "../../../../core/cache/cache-schemas.ts";
import { useFormatBytes } from "../../../lib/format-bytes.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cached-data.ts";
import { cachedDataAction, loadCachedData } from "./cached-data.server.ts";

const CACHED_DATA_PATH = "/studio/data/cached-data";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.cachedData.title", "Cached data") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCachedData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cachedDataAction(request, context);
}

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

export default function CachedData({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const formatBytes = useFormatBytes();
  const duration = useDuration();
  const [purging, setPurging] = useState<Row | null>(null);
  const [prefixing, setPrefixing] = useState<number | null>(null);
  const [counted, setCounted] = useState<PrefixCount | null>(null);
  const [emptying, setEmptying] = useState<number | null>(null);
  const [attempts, setAttempts] = useState(0);
  const nextAttempt = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };

  const namespaceOptions = CACHE_NAMESPACES.map((value) => ({
    value,
    label: t(`studio.cachedData.namespace.${value}`),
  }));

  const columns: DataTableColumn<Row>[] = [
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
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.cachedData.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.key}>
          <DropdownMenuItem tone="danger" onSelect={() => setPurging(row)}>
            <Trash2 aria-hidden="true" />
            {t("studio.cachedData.action.purge")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  const cancel = (
    <DialogClose asChild>
      <Button variant="outline">{t("studio.cachedData.form.cancel")}</Button>
    </DialogClose>
  );

  return (
    <div>
      <PageHeader
        title={t("studio.cachedData.title")}
        description={t("studio.cachedData.description")}
        actions={
          <>
            <Button variant="outline" onClick={() => setPrefixing(nextAttempt())}>
              <Eraser aria-hidden="true" />
              {t("studio.cachedData.purgePrefix.open")}
            </Button>
            <Button variant="danger" onClick={() => setEmptying(nextAttempt())}>
              <Trash2 aria-hidden="true" />
              {t("studio.cachedData.purgeAll.open")}
            </Button>
          </>
        }
      />
      <div className="mb-6 grid gap-4">
        {loaderData.summary.map((cache) => (
          <CacheCard key={cache.namespace} cache={cache} />
        ))}
      </div>
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => `${row.namespace}:${row.key}`}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.cachedData.caption")}
        searchPlaceholder={t("studio.cachedData.searchPlaceholder")}
        filters={[
          { name: "namespace", label: t("studio.cachedData.filter.namespace"), options: namespaceOptions },
        ]}
        emptyTitle={t("studio.cachedData.empty")}
        emptyHint={t("studio.cachedData.emptyHint")}
      />

      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPurging(null);
        }}
        title={t("studio.cachedData.purgeEntry.title")}
        description={t("studio.cachedData.purgeEntry.description", { key: purging?.key ?? "" })}
        confirmLabel={t("studio.cachedData.action.purge")}
        action={CACHED_DATA_PATH}
        fields={{ intent: "purgeKey", namespace: purging?.namespace ?? "", key: purging?.key ?? "" }}
      />

      <Dialog open={prefixing !== null} onOpenChange={(isOpen) => (isOpen ? null : setPrefixing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("studio.cachedData.purgePrefix.title")}</DialogTitle>
            <DialogDescription>{t("studio.cachedData.purgePrefix.description")}</DialogDescription>
          </DialogHeader>
          {prefixing !== null ? (
            <PurgePrefixForm
              action={CACHED_DATA_PATH}
              fetcherKey={`cache-prefix-${prefixing}`}
              secondary={cancel}
              onCounted={(result) => {
                setPrefixing(null);
                setCounted(result);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
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

      <Dialog open={emptying !== null} onOpenChange={(isOpen) => (isOpen ? null : setEmptying(null))}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t("studio.cachedData.purgeAll.title")}</DialogTitle>
            <DialogDescription>{t("studio.cachedData.purgeAll.description")}</DialogDescription>
          </DialogHeader>
          {emptying !== null ? (
            <PurgeAllForm
              action={CACHED_DATA_PATH}
              fetcherKey={`cache-all-${emptying}`}
              onSaved={() => setEmptying(null)}
              secondary={cancel}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
