// The studio's view of the background jobs (/studio/data/tools): the newest jobs with their state,
// progress, result and error. Super admins only.
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import type { Actor } from "../access/actor.ts";
import { parseInput } from "../shared/input.ts";
import type { JobDefinitions } from "./job-kinds.ts";
import { JOB_STATES, type JobQueue, type JobRecord } from "./job-queue.ts";

const inputSchema = z.object({
  limit: integerFromText(z.number({ error: "validation.numberInvalid" }).int().min(1).max(500)).default(50),
  kind: z.string().max(50).optional(),
  state: z.enum(JOB_STATES, { error: "validation.choiceInvalid" }).optional(),
});

export async function listRecentJobs<D extends JobDefinitions>(
  services: { jobs: JobQueue<D> },
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<JobRecord[]> {
  requireSuperAdmin(actor);
  const { limit, kind, state } = parseInput(inputSchema, input);
  // An unknown kind has no jobs.
  if (kind !== undefined && !services.jobs.kinds.includes(kind)) return [];
  return services.jobs.list({ limit, kind, state });
}
