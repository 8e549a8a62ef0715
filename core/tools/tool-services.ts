// What the data tools' enqueue operations need: the database (audit) and the job queue.
import type { Database } from "../../db/client.ts";
import type { AppJobKinds } from "../jobs/job-kinds.ts";
import type { JobQueue } from "../jobs/job-queue.ts";

export type ToolServices = { db: Database; jobs: JobQueue<AppJobKinds> };
