// An import run's fetch step (core/ingest/run-import.ts): the feed's text from the given input, the
// uploaded file, or the source's URL (with its credentials and a conditional GET).
import { eq } from "drizzle-orm";
import { type sources, sourceUploads } from "../../db/schema/ingest.ts";
import { decryptFeedCredentials } from "./feed-credentials.ts";
import { FeedFetchError, fetchFeed } from "./fetch-feed.ts";
import type { IngestServices } from "./run-import.ts";

type Source = typeof sources.$inferSelect;

/** A feed's text, with the validators to send next time (a URL's ETag and Last-Modified). */
export type FeedText = { text: string; etag: string | null; lastModified: string | null };

/** The feed's text, or "not-modified" when the URL answers 304; a FeedFetchError says why there is none. */
export async function readFeed(
  services: IngestServices,
  source: Source,
  input: string | undefined,
): Promise<FeedText | "not-modified"> {
  if (input !== undefined) return { text: input, etag: null, lastModified: null };
  if (source.location === "upload") {
    const [upload] = await services.db
      .select({ content: sourceUploads.content })
      .from(sourceUploads)
      .where(eq(sourceUploads.sourceId, source.id));
    if (!upload) throw new FeedFetchError("ingest.problem.noInput");
    return { text: upload.content, etag: null, lastModified: null };
  }
  if (!/^https?:\/\//i.test(source.location)) throw new FeedFetchError("ingest.problem.noInput");
  const credentials = source.credentialsEncrypted
    ? decryptFeedCredentials(source.credentialsEncrypted, services.feeds.credentialsKey, source.id)
    : null;
  if (source.credentialsEncrypted && !credentials)
    throw new FeedFetchError("ingest.problem.credentialsUnreadable");
  const response = await fetchFeed(
    { url: source.location, etag: source.httpEtag, lastModified: source.httpLastModified, credentials },
    services.feeds.fetch,
  );
  if (response.status === "not-modified") return "not-modified";
  return { text: response.body, etag: response.etag, lastModified: response.lastModified };
}
