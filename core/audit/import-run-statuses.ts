// The statuses of an import run (the database enum import_run_status), browser-safe for the logs page.
export const IMPORT_RUN_STATUSES = ["running", "succeeded", "failed", "partial"] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
