// /studio/assets on the server: the media library the actor may see (search, kind filter, sort, paging,
// CSV), the detail of one asset (?asset=<id>: its variants and where it is used), and the intents upload
// (multipart, the file in "file") and delete. Each intent calls one core operation, which checks again.
import { data, type RouterContextProvider } from "react-router";
import { ASSET_KINDS, deleteAssetSchema, uploadAssetSchema } from "../../../core/assets/asset-schemas.ts";
import { type AssetServices, canWriteAssets } from "../../../core/assets/asset-rules.ts";
import { getAssetDetail } from "../../../core/assets/get-asset-detail.ts";
import { deleteAsset } from "../../../core/assets/delete-asset.ts";
import { ASSET_SORTS, listAssets, type AssetRow, type AssetSort } from "../../../core/assets/list-assets.ts";
import { mediaUrl } from "../../../core/assets/media-url.ts";
import { uploadAsset } from "../../../core/assets/upload-asset.ts";
import { isAppError } from "../../../core/errors.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import type { Actor } from "../../../core/access/actor.ts";
import { readForm, readIntent, runForm, successToast, unknownIntent } from "../../lib/form-action.server.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { readChoice, readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { DETAIL_PARAM } from "./assets-paths.ts";
import { allRows, csvResponse } from "../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../lib/studio-request.server.ts";

export const ASSET_SORT_KEYS = [...new Set(ASSET_SORTS.map((s) => s.replace(/^-/, "")))];
export const ASSET_INTENTS = ["upload", "delete"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readAssetQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: ASSET_SORT_KEYS, defaultSort: "-createdAt" });
  return {
    table,
    input: {
      search: table.q || undefined,
      kind: readChoice(url.searchParams, "kind", ASSET_KINDS),
      sort: table.sort as AssetSort,
    },
  };
}

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
  const [page, detail] = await Promise.all([
    readPageClamped(
      (n) => listAssets(services, actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    loadDetail(services, actor, url.searchParams.get(DETAIL_PARAM)),
  ]);
  return {
    kind: "library" as const,
    canWrite: canWriteAssets(actor),
    isSuperAdmin: actor.isSuperAdmin,
    clientName: session.effectiveClient?.name ?? null,
    uploadRefused: url.searchParams.get("refused") === "too-large",
    rows: page.rows.map(rowView),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    detail,
  };
}

export async function assetsCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  if (hasNoLibrary(session.actor)) return new Response(null, { status: 403 });
  const url = new URL(request.url);
  const { input } = readAssetQuery(url);
  const rows = await allRows((page, pageSize) =>
    listAssets(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "assets",
    [
      "csv.column.id",
      "studio.assets.col.fileName",
      "studio.assets.col.kind",
      "csv.column.mimeType",
      "csv.column.sizeBytes",
      "csv.column.widthPx",
      "csv.column.heightPx",
      "studio.assets.col.owner",
      "studio.assets.col.uploadedAt",
      "studio.assets.col.used",
      "csv.column.url",
    ],
    rows.map((r) => [
      r.id,
      r.fileName,
      r.kind,
      r.mimeType,
      r.bytes,
      r.width,
      r.height,
      r.ownerName ?? "platform",
      r.createdAt,
      r.usedCount,
      new URL(mediaUrl(r.variants.original.contentHash, r.variants.original.mimeType), url).href,
    ]),
    services.now(),
    interfaceText(request, services),
  );
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

export async function assetsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessWriter(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, ASSET_INTENTS);
  switch (intent) {
    case "upload": {
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
    }
    case "delete":
      return runForm(
        intent,
        form,
        deleteAssetSchema,
        (value) => deleteAsset(services, actor, value),
        (deleted) => successToast("studio.assets.toast.deleted", { name: deleted.fileName }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
