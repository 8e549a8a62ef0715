// Super admins add a feed to a cinema or a chain: its format, a URL (or an uploaded file), how often it
// refreshes, credentials (stored encrypted), whether it is complete and enabled.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { sources, sourceUploads } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { createSourceSchema, SOURCE_UPLOAD_MAX_BYTES } from "./source-schemas.ts";
import {
  checkSourceScope,
  credentialsValue,
  sourceColumns,
  type SourceRecord,
  scheduleSource,
  type SourceServices,
  toSourceRecord,
  uploadedFeedText,
} from "./sources.ts";

export type FeedUpload = { fileName: string; content: Uint8Array };

export async function createSource(
  services: SourceServices,
  actor: Actor,
  input: z.input<typeof createSourceSchema>,
  upload?: FeedUpload,
): Promise<SourceRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createSourceSchema, input);
  if (data.input === "upload" && !upload) {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { file: "studio.sources.validation.fileRequired" },
    });
  }
  const content =
    data.input === "upload" && upload ? uploadedFeedText(upload, SOURCE_UPLOAD_MAX_BYTES) : undefined;
  const id = randomUUID();
  const saved = await services.db.transaction(async (tx) => {
    await checkSourceScope(tx, data);
    const credentials = credentialsValue(data, services.feeds.credentialsKey, id);
    const [row] = await tx
      .insert(sources)
      .values({
        id,
        name: data.name,
        format: data.format,
        location: data.input === "url" ? data.url! : "upload",
        cinemaId: data.cinemaId ?? null,
        chainId: data.chainId ?? null,
        scheduleIntervalSeconds: data.interval,
        enabled: data.enabled,
        isComplete: data.complete,
        credentialsEncrypted: credentials ?? null,
      })
      .returning(sourceColumns);
    if (content !== undefined && upload) {
      await tx.insert(sourceUploads).values({
        sourceId: id,
        fileName: upload.fileName.slice(0, 200),
        content,
        bytes: upload.content.byteLength,
        uploadedBy: actor.profileId,
      });
    }
    const record = toSourceRecord(row!);
    await writeAuditLog(tx, actor, {
      action: "ingest.source.create",
      entityType: "source",
      entityId: id,
      clientId: null,
      after: record,
    });
    return record;
  });
  await scheduleSource(services, saved, saved.id);
  return saved;
}
