// Super admins edit a feed. Stored credentials stay unless the form replaces or clears them; a new upload
// replaces the file; switching to a URL drops the uploaded file. The conditional-request validators are
// forgotten when the address changes.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { sources, sourceUploads } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import type { FeedUpload } from "./create-source.ts";
import { SOURCE_UPLOAD_MAX_BYTES, updateSourceSchema } from "./source-schemas.ts";
import {
  credentialsValue,
  findSourceForUpdate,
  sourceColumns,
  type SourceRecord,
  scheduleSource,
  type SourceServices,
  toSourceRecord,
  uploadedFeedText,
} from "./sources.ts";

export async function updateSource(
  services: SourceServices,
  actor: Actor,
  input: z.input<typeof updateSourceSchema>,
  upload?: FeedUpload,
): Promise<SourceRecord> {
  requireSuperAdmin(actor);
  const { id, ...data } = parseInput(updateSourceSchema, input);
  const content =
    data.input === "upload" && upload ? uploadedFeedText(upload, SOURCE_UPLOAD_MAX_BYTES) : undefined;
  const saved = await services.db.transaction(async (tx) => {
    const { credentialsEncrypted, ...current } = await findSourceForUpdate(tx, id);
    if (data.input === "upload" && content === undefined) {
      const [existing] = await tx
        .select({ id: sourceUploads.sourceId })
        .from(sourceUploads)
        .where(eq(sourceUploads.sourceId, id));
      if (!existing)
        throw new AppError("invalid_input", "form.invalid", {
          fieldErrors: { file: "studio.sources.validation.fileRequired" },
        });
    }
    const location = data.input === "url" ? data.url! : "upload";
    const credentials = credentialsValue(data, services.feeds.credentialsKey, id);
    const [row] = await tx
      .update(sources)
      .set({
        name: data.name,
        format: data.format,
        location,
        scheduleIntervalSeconds: data.interval,
        enabled: data.enabled,
        isComplete: data.complete,
        ...(credentials !== undefined ? { credentialsEncrypted: credentials } : {}),
        ...(location !== current.location || data.format !== current.format
          ? { httpEtag: null, httpLastModified: null }
          : {}),
      })
      .where(eq(sources.id, id))
      .returning(sourceColumns);
    if (data.input === "url") await tx.delete(sourceUploads).where(eq(sourceUploads.sourceId, id));
    if (content !== undefined && upload) {
      const values = {
        fileName: upload.fileName.slice(0, 200),
        content,
        bytes: upload.content.byteLength,
        uploadedBy: actor.profileId,
      };
      await tx
        .insert(sourceUploads)
        .values({ sourceId: id, ...values })
        .onConflictDoUpdate({
          target: sourceUploads.sourceId,
          set: { ...values, updatedAt: services.now() },
        });
    }
    const record = toSourceRecord(row!);
    await writeAuditLog(tx, actor, {
      action: "ingest.source.update",
      entityType: "source",
      entityId: id,
      clientId: null,
      before: { ...current, hasCredentials: Boolean(credentialsEncrypted) },
      after: { ...record, ...(content !== undefined ? { uploadedFile: upload?.fileName } : {}) },
    });
    return record;
  });
  await scheduleSource(services, saved, saved.id);
  return saved;
}
