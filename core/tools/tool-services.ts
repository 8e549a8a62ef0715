// What the data tools' enqueue operations need: the database (audit) and the job queue.
import type { AppServices } from "../services.ts";

export type ToolServices = Pick<AppServices, "db" | "jobs">;
