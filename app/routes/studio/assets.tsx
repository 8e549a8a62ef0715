import { Copy, ExternalLink, Eye, ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MAX_ASSET_MEGABYTES } from "../../../core/assets/asset-schemas.ts";
import { AssetUploadForm } from "../../components/studio/asset-upload-form.tsx";
import { LocalTime } from "../../components/shell/local-time.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useFormatBytes } from "../../lib/format-bytes.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import { wantsCsv } from "../../lib/csv.server.ts";
import { exportHref } from "./config/list-helpers.ts";
import type { Route } from "./+types/assets.ts";
import { ASSETS_PATH, DETAIL_PARAM } from "./assets-paths.ts";
import { assetsAction, assetsCsv, loadAssets } from "./assets.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? assetsCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.assets.title", "Media library") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAssets(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return assetsAction(request, context);
}

type Library = Extract<Route.ComponentProps["loaderData"], { kind: "library" }>;
type Row = Library["rows"][number];
type Detail = NonNullable<Library["detail"]>;

/** The page's query with the detail dialog's asset set (or removed), keeping search, sort and page. */
function detailHref(params: URLSearchParams, assetId: string | null) {
  const next = new URLSearchParams(params);
  if (assetId) next.set(DETAIL_PARAM, assetId);
  else next.delete(DETAIL_PARAM);
  next.delete("refused");
  const search = next.toString();
  return search ? `?${search}` : ASSETS_PATH;
}

export default function Assets({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "no-client")
    return (
      <div>
        <PageHeader title={t("studio.assets.title")} description={t("studio.assets.description")} />
        <EmptyState title={t("studio.assets.noClient.title")} hint={t("studio.assets.noClient.hint")} />
      </div>
    );
  return <Library data={loaderData} />;
}

function Library({ data }: { data: Library }) {
  const t = useT();
  const formatBytes = useFormatBytes();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<{ id: string; fileName: string } | null>(null);
  const kindLabel = (kind: Row["kind"]) => t(`studio.assets.kind.${kind}`);
  const dimensions = (row: { width: number | null; height: number | null }) =>
    row.width && row.height ? t("studio.assets.dimensions", { width: row.width, height: row.height }) : "";

  const columns: DataTableColumn<Row>[] = [
    {
      key: "preview",
      header: t("studio.assets.col.preview"),
      cell: (row) => (
        <img
          src={row.thumbnailUrl}
          alt={row.fileName}
          loading="lazy"
          className="size-12 rounded border border-slate-200 bg-slate-50 object-contain dark:border-slate-700 dark:bg-slate-900"
        />
      ),
    },
    {
      key: "fileName",
      header: t("studio.assets.col.fileName"),
      sortable: true,
      cell: (row) => (
        <Link
          to={detailHref(params, row.id)}
          preventScrollReset
          className="font-medium break-all underline underline-offset-2"
        >
          {row.fileName}
        </Link>
      ),
    },
    {
      key: "kind",
      header: t("studio.assets.col.kind"),
      sortable: true,
      cell: (row) => (
        <Badge tone={row.kind === "poster" ? "primary" : "neutral"}>{kindLabel(row.kind)}</Badge>
      ),
    },
    {
      key: "dimensions",
      header: t("studio.assets.col.dimensions"),
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => dimensions(row),
    },
    {
      key: "bytes",
      header: t("studio.assets.col.size"),
      sortable: true,
      hideable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatBytes(row.bytes),
    },
    {
      key: "owner",
      header: t("studio.assets.col.owner"),
      hideable: true,
      cell: (row) => row.ownerName ?? t("studio.assets.owner.platform"),
    },
    {
      key: "createdAt",
      header: t("studio.assets.col.uploadedAt"),
      sortable: true,
      hideable: true,
      cell: (row) => <LocalTime iso={row.createdAt} />,
    },
    {
      key: "used",
      header: t("studio.assets.col.used"),
      className: "whitespace-nowrap",
      cell: (row) => t("studio.assets.usedCount", { count: row.usedCount }),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.assets.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.fileName}>
          <DropdownMenuItem
            onSelect={() => void navigate(detailHref(params, row.id), { preventScrollReset: true })}
          >
            <Eye aria-hidden="true" />
            {t("studio.assets.action.view")}
          </DropdownMenuItem>
          {data.canWrite ? (
            <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
              <Trash2 aria-hidden="true" />
              {t("studio.assets.action.delete")}
            </DropdownMenuItem>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <PageHeader title={t("studio.assets.title")} description={t("studio.assets.description")} />
      {data.uploadRefused ? (
        <FormError>{t("studio.assets.upload.tooLargeRefused", { max: MAX_ASSET_MEGABYTES })}</FormError>
      ) : null}
      {data.canWrite ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("studio.assets.upload.title")}</CardTitle>
            {data.isSuperAdmin ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {data.clientName
                  ? t("studio.assets.clientScope", { client: data.clientName })
                  : t("studio.assets.platformScope")}
              </p>
            ) : null}
          </CardHeader>
          <CardContent>
            <AssetUploadForm action={ASSETS_PATH} />
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.assets.readOnly")}</p>
      )}
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        sort={data.sort}
        caption={t("studio.assets.caption")}
        searchPlaceholder={t("studio.assets.searchPlaceholder")}
        filters={[
          {
            name: "kind",
            label: t("studio.assets.filter.kind"),
            options: (["poster", "backdrop", "logo", "other"] as const).map((kind) => ({
              value: kind,
              label: kindLabel(kind),
            })),
          },
        ]}
        emptyTitle={t("studio.assets.empty")}
        emptyHint={t("studio.assets.emptyHint")}
        exportHref={exportHref(params)}
      />

      <AssetDetailDialog
        detail={data.detail}
        canWrite={data.canWrite}
        onClose={() => void navigate(detailHref(params, null), { preventScrollReset: true, replace: true })}
        onDelete={(asset) => setDeleting(asset)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null);
        }}
        title={t("studio.assets.delete.title", { name: deleting?.fileName ?? "" })}
        description={t("studio.assets.delete.description")}
        confirmLabel={t("studio.assets.action.delete")}
        action={ASSETS_PATH}
        fields={{ intent: "delete", assetId: deleting?.id ?? "" }}
      />
    </div>
  );
}

function AssetDetailDialog({
  detail,
  canWrite,
  onClose,
  onDelete,
}: {
  detail: Detail | null;
  canWrite: boolean;
  onClose: () => void;
  onDelete: (asset: { id: string; fileName: string }) => void;
}) {
  const t = useT();
  const formatBytes = useFormatBytes();
  const [copied, setCopied] = useState(false);
  if (!detail) return null;
  const size = detail.width && detail.height ? { width: detail.width, height: detail.height } : null;
  const copy = async () => {
    await navigator.clipboard.writeText(new URL(detail.originalUrl, window.location.origin).href);
    setCopied(true);
  };
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-all">{detail.fileName}</DialogTitle>
          <DialogDescription>
            {t("studio.assets.detail.description", {
              kind: t(`studio.assets.kind.${detail.kind}`),
              dimensions: size ? t("studio.assets.dimensions", size) : detail.mimeType,
              size: formatBytes(detail.bytes),
            })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="flex justify-center rounded-md border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-900">
            {size ? (
              <img
                src={detail.previewUrl}
                alt={t("studio.assets.detail.alt", { name: detail.fileName, ...size })}
                width={size.width}
                height={size.height}
                className="h-auto max-h-80 w-auto max-w-full object-contain"
              />
            ) : (
              <ImageOff aria-hidden="true" className="size-10 text-slate-500" />
            )}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t("studio.assets.col.dimensions")}</dt>
            <dd className="tabular-nums">{size ? t("studio.assets.dimensions", size) : ""}</dd>
            <dt className="font-medium">{t("studio.assets.detail.type")}</dt>
            <dd>{detail.mimeType}</dd>
            <dt className="font-medium">{t("studio.assets.col.size")}</dt>
            <dd className="tabular-nums">{formatBytes(detail.bytes)}</dd>
          </dl>
          <Field label={t("studio.assets.detail.url")} hint={t("studio.assets.detail.urlHint")}>
            <Input readOnly value={detail.originalUrl} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("studio.assets.detail.copy")}
            </Button>
            <a
              href={detail.originalUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-2"
            >
              {t("studio.assets.detail.open")}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">({t("common.opensInNewTab")})</span>
            </a>
            <span aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
              {copied ? t("studio.assets.detail.copied") : ""}
            </span>
          </div>
          <section aria-labelledby="asset-usage-heading" className="grid gap-1">
            <h3 id="asset-usage-heading" className="text-sm font-semibold">
              {t("studio.assets.detail.usage")}
            </h3>
            {detail.uses.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.assets.detail.unused")}</p>
            ) : (
              <ul className="list-disc ps-5 text-sm">
                {detail.uses.map((use) => (
                  <li key={`${use.role}-${use.id}`}>
                    {t(`studio.assets.detail.use.${use.role}`, { name: use.name })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <DialogFooter>
          {canWrite ? (
            <Button
              variant="danger"
              onClick={() => {
                onClose();
                onDelete(detail);
              }}
            >
              <Trash2 aria-hidden="true" />
              {t("studio.assets.action.delete")}
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            {t("studio.assets.detail.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
