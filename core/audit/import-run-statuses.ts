// The statuses of an import run (the database enum import_run_status), browser-safe for the logs page.
export const IMPORT_RUN_STATUSES = ["running", "succeeded", "failed", "partial"] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/**
 * What the studio shows: a run stored as "running" whose job lost its lease (the worker died part way)
 * is "retrying" while its job will run again, else "interrupted" (core/ingest/import-run-leases.ts).
 */
export type ImportRunShownStatus = ImportRunStatus | "retrying" | "interrupted";
