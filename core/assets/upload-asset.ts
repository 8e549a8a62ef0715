// Editors and admins of a client (into their effective client) and super admins (into the client they act
// for, else the platform) add an image to the media library. The type is decided by content; an SVG is
// sanitized; the bytes of the original, a WebP and a thumbnail are stored in asset_variants. The same
// bytes uploaded again by the same owner return the asset already there, found before any rendering.
// Rendering is bounded (image-renderer.ts) and uploads are limited per person and per client.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { assets, assetVariants } from "../../db/schema/assets.ts";
import type { Actor } from "../access/actor.ts";
import { isSystemActor } from "../access/system-actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import type { AppServices } from "../services.ts";
import { parseInput } from "../shared/input.ts";
import { MAX_ASSET_BYTES, MAX_ASSET_MEGABYTES, uploadAssetSchema } from "./asset-schemas.ts";
import {
  assetColumns,
  type AssetRecord,
  type AssetServices,
  type Executor,
  uploadOwner,
} from "./asset-rules.ts";
import type { AuthLimits } from "../auth/limits.ts";
import { sha256 } from "./content-hash.ts";
import type { ImageRenderer } from "./image-renderer.ts";
import { type PreparedImage, prepareImage } from "./prepare-image.ts";

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

/** Rendering runs in `images`; the per-person and per-client upload limits live in `accounts.limits`. */
export type UploadServices = Pick<AppServices, "db" | "images" | "accounts">;

const PLATFORM_OWNER = "00000000-0000-0000-0000-000000000000";
const ownerKey = sql`coalesce(${assets.ownerClientId}, ${PLATFORM_OWNER}::uuid)`;

export async function uploadAsset(
  services: UploadServices,
  actor: Actor,
  input: UploadAssetInput,
): Promise<{ asset: AssetRecord; duplicate: boolean }> {
  const ownerClientId = uploadOwner(actor);
  const { kind } = parseInput(uploadAssetSchema, input);
  const file = input.file;
  if (!file || file.bytes.length === 0) throw fileError("studio.assets.validation.fileRequired");
  if (file.bytes.length > MAX_ASSET_BYTES)
    // A number: the message formats it in the reader's language ("10 MB", "10 م.ب.").
    throw fileError("studio.assets.validation.tooLarge", { max: MAX_ASSET_MEGABYTES });
  const checksum = sha256(file.bytes);
  const ownerValue = ownerClientId ?? PLATFORM_OWNER;
  // The same file again costs a lookup, not another render.
  const known = await findByChecksum(services.db, ownerValue, checksum);
  if (known) return { asset: known, duplicate: true };
  await takeUploadAllowance(services.accounts.limits, actor, ownerValue);
  const image = await renderUpload(services.images, file.bytes);
  return storeAsset(services, actor, { kind, file, image, checksum, ownerClientId });
}

async function findByChecksum(db: Executor, ownerValue: string, checksum: string) {
  const [existing] = await db
    .select(assetColumns)
    .from(assets)
    .where(and(sql`${ownerKey} = ${ownerValue}::uuid`, eq(assets.checksum, checksum)));
  return existing;
}

/** Counts the upload against its uploader and its owner (the client, or the platform). */
async function takeUploadAllowance(limits: AuthLimits, actor: Actor, ownerValue: string) {
  if (isSystemActor(actor)) return; // jobs (posters from the metadata provider) are not limited
  // The person first: a refused upload does not use up the library's allowance.
  const wait =
    (await limits.take("assetUploadPerson", actor.profileId)) ||
    (await limits.take("assetUploadOwner", ownerValue));
  if (wait > 0)
    throw new AppError("rate_limited", "form.invalid", {
      retryAfterSeconds: Math.ceil(wait / 1000),
      fieldErrors: { file: messageRef("studio.assets.validation.tooManyUploads") },
    });
}

async function renderUpload(images: ImageRenderer, bytes: Uint8Array): Promise<PreparedImage> {
  const prepared = await prepareImage(images, bytes);
  if (prepared.ok) return prepared.image;
  if (prepared.reason === "too-complex") throw fileError("studio.assets.validation.tooComplex");
  if (prepared.reason === "busy")
    throw new AppError("rate_limited", "form.invalid", {
      retryAfterSeconds: 30,
      fieldErrors: { file: messageRef("studio.assets.validation.busy") },
    });
  throw fileError("studio.assets.validation.notAnImage");
}

async function storeAsset(
  services: AssetServices,
  actor: Actor,
  upload: {
    kind: z.output<typeof uploadAssetSchema>["kind"];
    file: UploadedFile;
    image: PreparedImage;
    checksum: string;
    ownerClientId: string | null;
  },
): Promise<{ asset: AssetRecord; duplicate: boolean }> {
  const { kind, file, image, checksum, ownerClientId } = upload;
  const ownerValue = ownerClientId ?? PLATFORM_OWNER;
  return services.db.transaction(async (tx) => {
    // One upload at a time per owner and file: a double submit finds the first instead of failing.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset:${ownerValue}:${checksum}`}))`);
    const existing = await findByChecksum(tx, ownerValue, checksum);
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
