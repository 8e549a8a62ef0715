// What the feed (source) operations share: the columns they return (never the credentials: only whether
// there are any), the record for update, the checks of a cinema or chain, and credentials from the form.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { cinemaChains, cinemas } from "../../../db/schema/catalog.ts";
import { importRuns, sources } from "../../../db/schema/ingest.ts";
import type { Transaction } from "../../catalog/attributes/attributes.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import type { AppServices } from "../../services.ts";
import { setFeedSchedule } from "../../jobs/set-feed-schedule.ts";
import type { FeedCredentials } from "../fetch-feed.ts";
import { encryptFeedCredentials } from "../feed-credentials.ts";

export type SourceServices = Pick<AppServices, "db" | "now" | "feeds" | "jobs">;

/** After a change commits: the feed's schedule follows its interval (none while it is disabled). */
export async function scheduleSource(
  services: Pick<SourceServices, "jobs">,
  source: SourceRecord | null,
  id: string,
) {
  await setFeedSchedule(services.jobs, {
    sourceId: id,
    intervalSeconds: source?.enabled ? source.scheduleIntervalSeconds : null,
  });
}

export const sourceColumns = {
  id: sources.id,
  name: sources.name,
  format: sources.format,
  location: sources.location,
  cinemaId: sources.cinemaId,
  chainId: sources.chainId,
  scheduleIntervalSeconds: sources.scheduleIntervalSeconds,
  enabled: sources.enabled,
  isComplete: sources.isComplete,
  lastRunAt: sources.lastRunAt,
  lastStatus: sources.lastStatus,
  credentialsEncrypted: sources.credentialsEncrypted,
};

export type SourceRecord = {
  id: string;
  name: string;
  format: string;
  /** the URL, or "upload" */
  location: string;
  cinemaId: string | null;
  chainId: string | null;
  scheduleIntervalSeconds: number | null;
  enabled: boolean;
  isComplete: boolean;
  lastRunAt: Date | null;
  lastStatus: string | null;
  hasCredentials: boolean;
};

export function toSourceRecord(row: {
  credentialsEncrypted: string | null;
  [key: string]: unknown;
}): SourceRecord {
  const { credentialsEncrypted, ...rest } = row;
  return { ...(rest as Omit<SourceRecord, "hasCredentials">), hasCredentials: Boolean(credentialsEncrypted) };
}

export async function findSourceForUpdate(
  tx: Transaction,
  id: string,
): Promise<SourceRecord & { credentialsEncrypted: string | null }> {
  const [row] = await tx.select(sourceColumns).from(sources).where(eq(sources.id, id)).for("update");
  if (!row) throw new AppError("not_found", "studio.sources.notFound");
  return { ...toSourceRecord(row), credentialsEncrypted: row.credentialsEncrypted };
}

/** The cinema or chain a feed is put on must exist (a field error otherwise). */
export async function checkSourceScope(
  tx: Transaction,
  scope: { cinemaId?: string | null; chainId?: string | null },
) {
  if (scope.cinemaId) {
    const [row] = await tx.select({ id: cinemas.id }).from(cinemas).where(eq(cinemas.id, scope.cinemaId));
    if (!row)
      throw new AppError("invalid_input", "form.invalid", {
        fieldErrors: { cinemaId: "studio.sources.validation.scope" },
      });
  }
  if (scope.chainId) {
    const [row] = await tx
      .select({ id: cinemaChains.id })
      .from(cinemaChains)
      .where(eq(cinemaChains.id, scope.chainId));
    if (!row)
      throw new AppError("invalid_input", "form.invalid", {
        fieldErrors: { chainId: "studio.sources.validation.scope" },
      });
  }
}

type CredentialFields = {
  credentials: "keep" | "none" | "basic" | "bearer" | "header";
  username?: string;
  password?: string;
  token?: string;
  headerName?: string;
  headerValue?: string;
};

/** The credentials column's new value: undefined keeps it, null clears it, a string is the new ciphertext. */
export function credentialsValue(
  fields: CredentialFields,
  key: Buffer,
  sourceId: string,
): string | null | undefined {
  let credentials: FeedCredentials;
  switch (fields.credentials) {
    case "keep":
      return undefined;
    case "none":
      return null;
    case "basic":
      credentials = { type: "basic", username: fields.username!, password: fields.password! };
      break;
    case "bearer":
      credentials = { type: "bearer", token: fields.token! };
      break;
    case "header":
      credentials = { type: "header", name: fields.headerName!, value: fields.headerValue! };
      break;
  }
  return encryptFeedCredentials(credentials, key, sourceId);
}

/** A feed file's content: text, within the limit (the field error names the limit). */
export function uploadedFeedText(
  upload: { fileName: string; content: Uint8Array },
  maxBytes: number,
): string {
  if (upload.content.byteLength === 0) {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { file: "studio.sources.validation.fileEmpty" },
    });
  }
  if (upload.content.byteLength > maxBytes) {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        file: messageRef("studio.sources.validation.fileTooLarge", {
          max: Math.round(maxBytes / 1024 / 1024),
        }),
      },
    });
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(upload.content);
  } catch {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { file: "studio.sources.validation.fileNotText" },
    });
  }
}

/** The latest run of each source, for the feed lists. */
export async function latestRuns(db: Database, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return new Map<string, typeof importRuns.$inferSelect>();
  const rows = await db
    .selectDistinctOn([importRuns.sourceId])
    .from(importRuns)
    .where(and(inArray(importRuns.sourceId, [...sourceIds])))
    .orderBy(importRuns.sourceId, desc(importRuns.startedAt));
  return new Map(rows.map((row) => [row.sourceId, row]));
}
