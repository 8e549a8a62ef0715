// /studio/assets on the server: the media library the actor may see (search, kind filter, sort, paging,
// CSV), the detail of one asset (?asset=<id>: its variants and where it is used), and the intents upload
// (multipart, the file in "file") and delete. Each intent calls one core operation, which checks again.
import { data, type RouterContextProvider } from "react-router";
import { ASSET_KINDS, deleteAssetSchema, uploadAssetSchema } from "../../../core/assets/asset-schemas.ts";
import { type AssetServices, canWriteAssets } from "../../../core/assets/asset-rules.ts";
import { getAssetDetail } from "../../../core/assets/get-asset-detail.ts";
import { deleteAsset } from "../../../core/assets/delete-asset.ts";
import { ASSET_SORTS, listAssets, type AssetRow } from "../../../core/assets/list-assets.ts";
import { mediaUrl } from "../../../core/assets/media-url.ts";
import { uploadAsset } from "../../../core/assets/upload-asset.ts";
import { isAppError } from "../../../core/errors.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import type { Actor } from "../../../core/access/actor.ts";
import { readForm, runForm, successToast } from "../../lib/form-action.server.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { readChoice } from "../../lib/table-query.server.ts";
import { DETAIL_PARAM } from "./assets-paths.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";
import {
  type CsvColumn,
  type FormIntent,
  formIntent,
  listCsv,
  loadListPage,
  readListQuery,
  runIntent,
  studioActor,
} from "../../lib/list-route.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readAssetQuery = (url: URL) =>
  readListQuery(url, ASSET_SORTS, "-createdAt", (params) => ({
    kind: readChoice(params, "kind", ASSET_KINDS),
  }));

/** Who reads nothing here: a client user without a client (a super admin always has the platform's). */
const hasNoLibrary = (actor: Actor) => !actor.isSuperAdmin && !actor.effectiveClientId;

function rowView(row: AssetRow) {
  const url = (variant: keyof AssetRow["variants"]) =>
    mediaUrl(row.variants[variant].contentHash, row.variants[variant].mimeType);
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    ownerName: row.ownerName,
    createdAt: row.createdAt.toISOString(),
    usedCount: row.usedCount,
    thumbnailUrl: url("thumbnail"),
    previewUrl: url("webp"),
    originalUrl: url("original"),
  };
}

async function loadDetail(services: AssetServices, actor: Actor, assetId: string | null) {
  if (!assetId || !UUID.test(assetId)) return null;
  try {
    const asset = await getAssetDetail(services, actor, { assetId });
    const { original, webp } = asset.variants;
    return {
      id: asset.id,
      fileName: asset.fileName,
      kind: asset.kind,
      mimeType: asset.mimeType,
      bytes: asset.bytes,
      width: asset.width,
      height: asset.height,
      originalUrl: mediaUrl(original.contentHash, original.mimeType),
      previewUrl: mediaUrl(webp.contentHash, webp.mimeType),
      uses: [...asset.usage.poster, ...asset.usage.backdrop, ...asset.usage.logo],
    };
  } catch (error) {
    // Another client's asset, or one just deleted: no dialog.
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

export async function loadAssets(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  if (hasNoLibrary(actor)) return { kind: "no-client" as const };
  const url = new URL(request.url);
  const { table, input } = readAssetQuery(url);
  const [assets, detail] = await Promise.all([
    loadListPage((page, pageSize) => listAssets(services, actor, { ...input, page, pageSize }), table),
    loadDetail(services, actor, url.searchParams.get(DETAIL_PARAM)),
  ]);
  return {
    kind: "library" as const,
    canWrite: canWriteAssets(actor),
    isSuperAdmin: actor.isSuperAdmin,
    clientName: session.effectiveClient?.name ?? null,
    uploadRefused: url.searchParams.get("refused") === "too-large",
    ...assets,
    rows: assets.rows.map(rowView),
    detail,
  };
}

/** The CSV of the library; `url` makes the media links absolute. */
const csvSpec = (url: URL): { name: string; columns: readonly CsvColumn<AssetRow>[] } => ({
  name: "assets",
  columns: [
    "id",
    ["studio.assets.col.fileName", "fileName"],
    ["studio.assets.col.kind", "kind"],
    "mimeType",
    ["csv.column.sizeBytes", "bytes"],
    ["csv.column.widthPx", "width"],
    ["csv.column.heightPx", "height"],
    ["studio.assets.col.owner", (r) => r.ownerName ?? "platform"],
    ["studio.assets.col.uploadedAt", "createdAt"],
    ["studio.assets.col.used", "usedCount"],
    [
      "csv.column.url",
      (r) => new URL(mediaUrl(r.variants.original.contentHash, r.variants.original.mimeType), url).href,
    ],
  ],
});

export async function assetsCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  if (hasNoLibrary(session.actor)) return new Response(null, { status: 403 });
  const url = new URL(request.url);
  const { input } = readAssetQuery(url);
  return listCsv(request, services, {
    ...csvSpec(url),
    read: (page, pageSize) => listAssets(services, session.actor, { ...input, page, pageSize }),
  });
}

/** A viewer (or a user without a client) may read but not change: 403 before the body is parsed. */
function refuseUnlessWriter(actor: Actor) {
  if (canWriteAssets(actor)) return null;
  const message = messageRef("error.access.forbidden");
  return data<ActionResult<never>>(
    {
      intent: null,
      result: { status: "error", error: { "": [message] } },
      toast: { kind: "error", message },
    },
    { status: 403 },
  );
}

/** The upload: the file travels beside the form's fields, and is never sent back. */
const upload: FormIntent = (intent, form, services, actor) => {
  const file = form.get("file");
  return runForm(
    intent,
    form,
    uploadAssetSchema,
    async (value) =>
      uploadAsset(services, actor, {
        kind: value.kind,
        file:
          file instanceof File && file.size > 0
            ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
            : null,
      }),
    ({ asset, duplicate }) => ({
      ...successToast(duplicate ? "studio.assets.toast.duplicate" : "studio.assets.toast.uploaded", {
        name: asset.fileName,
      }),
      payload: { assetId: asset.id, duplicate },
    }),
    { hideFields: ["file"] },
  );
};

const ASSET_INTENTS = {
  upload,
  delete: formIntent(
    deleteAssetSchema,
    deleteAsset,
    (deleted) => successToast("studio.assets.toast.deleted", { name: deleted.fileName }),
    { toastOnError: true },
  ),
};

export async function assetsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return refuseUnlessWriter(actor) ?? runIntent(await readForm(request), ASSET_INTENTS, services, actor);
}
