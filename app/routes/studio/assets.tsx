import { Eye, Trash2 } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MAX_ASSET_MEGABYTES } from "../../../core/assets/asset-schemas.ts";
import { AssetUploadForm } from "../../components/studio/asset-upload-form.tsx";
import * as List from "../../components/studio/list-page.tsx";
import { LocalTime } from "../../components/shell/local-time.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useFormatBytes } from "../../lib/format-bytes.ts";
import { useT } from "../../lib/i18n.tsx";
import { csvMiddleware } from "../../lib/list-route.server.ts";
import { titleFrom } from "../../lib/page-title.ts";
import { choiceFilter } from "./table-kinds.tsx";
import type { Route } from "./+types/assets.ts";
import { AssetDetailDialog } from "./assets-detail.tsx";
import { ASSETS_PATH, DETAIL_PARAM } from "./assets-paths.ts";
import { assetsAction, assetsCsv, loadAssets } from "./assets.server.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(assetsCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.assets.title", "Media library") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadAssets(request, context);
export const action = ({ request, context }: Route.ActionArgs) => assetsAction(request, context);

type Library = Extract<Route.ComponentProps["loaderData"], { kind: "library" }>;
type Row = Library["rows"][number];
/** What the delete confirmation names: a row of the table, or the asset of the detail dialog. */
type Deleting = { id: string; fileName: string };

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

function useAssetColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const formatBytes = useFormatBytes();
  const [params] = useSearchParams();
  const kindLabel = (kind: Row["kind"]) => t(`studio.assets.kind.${kind}`);
  const dimensions = (row: { width: number | null; height: number | null }) =>
    row.width && row.height ? t("studio.assets.dimensions", { width: row.width, height: row.height }) : "";
  return [
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
  ];
}

/** The upload form, or (for a viewer) a note that the library is read-only. */
function UploadCard({ data }: { data: Library }) {
  const t = useT();
  return data.canWrite ? (
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
  );
}

function Library({ data }: { data: Library }) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const deleting = List.useRowDialog<Deleting>();
  const columns = [
    ...useAssetColumns(),
    List.actionsColumn<Row>(t("studio.assets.col.actions"), (row) => (
      <List.RowActions label={row.fileName}>
        <List.RowAction
          icon={Eye}
          onSelect={() => void navigate(detailHref(params, row.id), { preventScrollReset: true })}
        >
          {t("studio.assets.action.view")}
        </List.RowAction>
        {data.canWrite ? (
          <List.RowAction icon={Trash2} tone="danger" onSelect={() => deleting.open(row)}>
            {t("studio.assets.action.delete")}
          </List.RowAction>
        ) : null}
      </List.RowActions>
    )),
  ];

  return (
    <div className="grid gap-6">
      <PageHeader title={t("studio.assets.title")} description={t("studio.assets.description")} />
      {data.uploadRefused ? (
        <FormError>{t("studio.assets.upload.tooLargeRefused", { max: MAX_ASSET_MEGABYTES })}</FormError>
      ) : null}
      <UploadCard data={data} />
      <List.ListTable
        data={data}
        columns={columns}
        caption={t("studio.assets.caption")}
        searchPlaceholder={t("studio.assets.searchPlaceholder")}
        filters={[
          choiceFilter(
            "kind",
            t("studio.assets.filter.kind"),
            ["poster", "backdrop", "logo", "other"],
            (kind) => t(`studio.assets.kind.${kind}`),
          ),
        ]}
        emptyTitle={t("studio.assets.empty")}
        emptyHint={t("studio.assets.emptyHint")}
        csv
      />

      <AssetDetailDialog
        detail={data.detail}
        canWrite={data.canWrite}
        onClose={() => void navigate(detailHref(params, null), { preventScrollReset: true, replace: true })}
        onDelete={deleting.open}
      />

      <List.ConfirmDialog
        {...deleting.dialog}
        title={t("studio.assets.delete.title", { name: deleting.row?.fileName ?? "" })}
        description={t("studio.assets.delete.description")}
        confirmLabel={t("studio.assets.action.delete")}
        action={ASSETS_PATH}
        fields={{ intent: "delete", assetId: deleting.row?.id ?? "" }}
      />
    </div>
  );
}
