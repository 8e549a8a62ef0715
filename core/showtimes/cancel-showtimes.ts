// Super admins cancel showtimes, one or a selection. A cancelled showtime stays in the table (the API's
// changes feed reports it as cancelled), but the public listing and the API lists leave it out at once:
// the API caches are invalidated after the commit. Ones already cancelled are reported, not an error.
//
// Audit: one row per cancelled showtime, not one for the batch. A bulk action changes at most BULK_MAX
// rows, and a row per showtime keeps each showtime's history findable by its own id in the log
// (entity_id), which is what someone asking "who cancelled this show?" searches for.
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { showtimes } from "../../db/schema/showtimes.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { cancelShowtimesSchema } from "./showtime-schemas.ts";
import type { ShowtimeServices } from "./studio-showtimes.ts";

export type CancelShowtimesResult = {
  cancelled: string[];
  alreadyCancelled: string[];
  /** ids no showtime has (deleted meanwhile, or never existed) */
  missing: string[];
};

export async function cancelShowtimes(
  services: ShowtimeServices,
  actor: Actor,
  input: z.input<typeof cancelShowtimesSchema>,
): Promise<CancelShowtimesResult> {
  requireSuperAdmin(actor);
  const { ids } = parseInput(cancelShowtimesSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: showtimes.id, status: showtimes.status })
      .from(showtimes)
      .where(inArray(showtimes.id, ids))
      .for("update");
    const toCancel = current.filter((s) => s.status === "scheduled").map((s) => s.id);
    if (toCancel.length > 0) {
      await tx
        .update(showtimes)
        .set({ status: "cancelled" })
        .where(and(inArray(showtimes.id, toCancel), eq(showtimes.status, "scheduled")));
      for (const id of toCancel)
        await writeAuditLog(tx, actor, {
          action: "catalog.showtime.cancel",
          entityType: "showtime",
          entityId: id,
          clientId: null,
          before: { status: "scheduled" },
          after: { status: "cancelled" },
        });
    }
    const found = new Set(current.map((s) => s.id));
    return {
      cancelled: toCancel,
      alreadyCancelled: current.filter((s) => s.status === "cancelled").map((s) => s.id),
      missing: ids.filter((id) => !found.has(id)),
    };
  });
  if (result.cancelled.length > 0) await invalidateApiData(services);
  return result;
}
