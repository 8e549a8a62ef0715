// Editors and admins of a client (into their effective client) and super admins (into the client they act
// for, else the platform) add an image to the media library. The type is decided by content; an SVG is
// sanitized; the bytes of the original, a WebP and a thumbnail are stored in asset_variants. The same
// bytes uploaded again by the same owner return the asset already there.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { assets, assetVariants } from "../../db/schema/assets.ts";
import type { Actor } from "../access/actor.ts";
import { isSystemActor } from "../access/system-actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../tenancy/input.ts";
import { formatBytes, MAX_ASSET_BYTES, uploadAssetSchema } from "./asset-forms.ts";
import { assetColumns, type AssetRecord, type AssetServices, uploadOwner } from "./assets.ts";
import { prepareImage, sha256 } from "./prepare-image.ts";

export type UploadedFile = { name: string; bytes: Uint8Array };

export type UploadAssetInput = z.input<typeof uploadAssetSchema> & { file?: UploadedFile | null };

const FILE_NAME_MAX = 200;

/** The name without a browser's fake path or control characters, shortened; "image" when nothing is left. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, FILE_NAME_MAX) || "image";
}

const fileError = (key: Parameters<typeof messageRef>[0], values?: Record<string, string | number>) =>
  new AppError("invalid_input", "form.invalid", { fieldErrors: { file: messageRef(key, values) } });

export async function uploadAsset(
  services: AssetServices,
  actor: Actor,
  input: UploadAssetInput,
): Promise<{ asset: AssetRecord; duplicate: boolean }> {
  const ownerClientId = uploadOwner(actor);
  const { kind } = parseInput(uploadAssetSchema, input);
  const file = input.file;
  if (!file || file.bytes.length === 0) throw fileError("studio.assets.validation.fileRequired");
  if (file.bytes.length > MAX_ASSET_BYTES)
    throw fileError("studio.assets.validation.tooLarge", { max: formatBytes(MAX_ASSET_BYTES) });
  const image = await prepareImage(file.bytes);
  if (!image) throw fileError("studio.assets.validation.notAnImage");
  const checksum = sha256(file.bytes);
  const ownerKey = sql`coalesce(${assets.ownerClientId}, '00000000-0000-0000-0000-000000000000'::uuid)`;
  const ownerValue = ownerClientId ?? "00000000-0000-0000-0000-000000000000";

  return services.db.transaction(async (tx) => {
    // One upload at a time per owner and file: a double submit finds the first instead of failing.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset:${ownerValue}:${checksum}`}))`);
    const [existing] = await tx
      .select(assetColumns)
      .from(assets)
      .where(and(sql`${ownerKey} = ${ownerValue}::uuid`, eq(assets.checksum, checksum)));
    if (existing) return { asset: existing, duplicate: true };

    const variants = [
      { variant: "original" as const, ...image.original },
      { variant: "webp" as const, ...image.webp },
      { variant: "thumbnail" as const, ...image.thumbnail },
    ];
    const [created] = await tx
      .insert(assets)
      .values({
        kind,
        fileName: cleanFileName(file.name),
        mimeType: image.mimeType,
        bytes: file.bytes.length,
        width: image.width,
        height: image.height,
        storageKey: image.original.contentHash,
        checksum,
        ownerClientId,
        uploadedBy: isSystemActor(actor) ? null : actor.profileId,
      })
      .returning(assetColumns);
    const asset = created!;
    // Each library keeps its own copy: another owner's identical file is theirs to delete.
    await tx.insert(assetVariants).values(
      variants.map((v) => ({
        assetId: asset.id,
        variant: v.variant,
        mimeType: v.mimeType,
        byteSize: v.content.length,
        width: v.width,
        height: v.height,
        contentHash: v.contentHash,
        content: v.content,
      })),
    );
    await writeAuditLog(tx, actor, {
      action: "asset.upload",
      entityType: "asset",
      entityId: asset.id,
      clientId: ownerClientId,
      after: asset,
    });
    return { asset, duplicate: false };
  });
}
