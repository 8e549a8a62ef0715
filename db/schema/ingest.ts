import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cinemaChains, cinemas, movies } from "./catalog.ts";
import { id, timestamps, tz } from "./columns.ts";
import { profiles } from "./tenancy.ts";

export const feedFormat = pgEnum("feed_format", [
  "reeltime-json",
  "reeltime-csv",
  "schema-org",
  "veezi-json",
  "veezi-xml",
  "vista-ocapi",
]);

export const sources = pgTable(
  "sources",
  {
    id: id(),
    name: text().notNull(),
    format: feedFormat().notNull(),
    /** URL, or the storage key of an uploaded file */
    location: text().notNull(),
    cinemaId: uuid().references(() => cinemas.id, { onDelete: "set null" }),
    chainId: uuid().references(() => cinemaChains.id, { onDelete: "set null" }),
    /** seconds between scheduled runs; null = manual only */
    scheduleIntervalSeconds: integer(),
    /** AES-GCM ciphertext, never plain text */
    credentialsEncrypted: text(),
    enabled: boolean().notNull().default(true),
    /** a complete feed lists every future showtime: vanished ones are cancelled */
    isComplete: boolean().notNull().default(true),
    lastRunAt: tz(),
    /** the last run's status, or "not-modified" when the feed answered 304 */
    lastStatus: text(),
    /** the last fetch's validators, sent back for a conditional request */
    httpEtag: text(),
    httpLastModified: text(),
    ...timestamps,
  },
  (t) => [index().on(t.cinemaId), index().on(t.chainId)],
);

/** An uploaded feed file: the source's input when it has no URL (location "upload"). */
export const sourceUploads = pgTable("source_uploads", {
  sourceId: uuid()
    .primaryKey()
    .references(() => sources.id, { onDelete: "cascade" }),
  fileName: text().notNull(),
  content: text().notNull(),
  bytes: integer().notNull(),
  uploadedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
  ...timestamps,
});

export const importRunStatus = pgEnum("import_run_status", ["running", "succeeded", "failed", "partial"]);

/** What started a run: its schedule, a person in the studio, or an operator's command line. */
export const importRunTrigger = pgEnum("import_run_trigger", ["schedule", "manual", "cli"]);

export type ImportCounts = {
  read: number;
  inserted: number;
  updated: number;
  cancelled: number;
  unmatched: number;
  rejected: number;
};
/**
 * A row the run skipped (or a whole feed it could not read): where in the input ("sessions[3]", "line 12"),
 * which field, and why — `message` is a message key under `ingest.problem.*` with its values, so the
 * studio shows it in the reader's language and the CLI in English.
 */
export type ImportProblem = {
  where: string;
  field: string;
  message: string;
  values?: Record<string, string | number>;
};

export const importRuns = pgTable(
  "import_runs",
  {
    id: id(),
    sourceId: uuid()
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    startedAt: tz().notNull().defaultNow(),
    finishedAt: tz(),
    status: importRunStatus().notNull().default("running"),
    trigger: importRunTrigger().notNull().default("schedule"),
    triggeredBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    counts: jsonb().$type<ImportCounts>().notNull().default({
      read: 0,
      inserted: 0,
      updated: 0,
      cancelled: 0,
      unmatched: 0,
      rejected: 0,
    }),
    errorSummary: text(),
    problems: jsonb().$type<ImportProblem[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index().on(t.sourceId, t.startedAt)],
);

export const missingLinkResolution = pgEnum("missing_link_resolution", ["linked", "new-movie", "ignored"]);

export type MatchHints = {
  year?: number;
  /** YYYY-MM-DD: gives the year when the feed gives none, and prefills the movie a missing link creates */
  releaseDate?: string;
  runtimeMinutes?: number;
  language?: string;
  imdbId?: string;
  tmdbId?: number;
  wikidataId?: string;
};
export type MatchCandidate = { movieId: string; title: string; year: number | null; score: number };

export const missingLinks = pgTable(
  "missing_links",
  {
    id: id(),
    sourceId: uuid().references(() => sources.id, { onDelete: "set null" }),
    rawTitle: text().notNull(),
    normalizedTitle: text().notNull(),
    hints: jsonb().$type<MatchHints>().notNull().default({}),
    occurrences: integer().notNull().default(1),
    firstSeenAt: tz().notNull().defaultNow(),
    lastSeenAt: tz().notNull().defaultNow(),
    candidates: jsonb().$type<MatchCandidate[]>().notNull().default([]),
    resolution: missingLinkResolution(),
    resolvedMovieId: uuid().references(() => movies.id, { onDelete: "set null" }),
    resolvedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    resolvedAt: tz(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.sourceId, t.normalizedTitle), index().on(t.resolution)],
);
