import { index, integer, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./columns.ts";

export const jobStatus = pgEnum("job_status", ["queued", "running", "succeeded", "failed"]);

/** Postgres-backed queue, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus().notNull().default("queued"),
    runAt: tz().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    lockedBy: text(),
    lockedUntil: tz(),
    progress: integer().notNull().default(0),
    result: jsonb().$type<Record<string, unknown>>(),
    lastError: text(),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.runAt)],
);
