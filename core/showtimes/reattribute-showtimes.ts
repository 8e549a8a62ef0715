// Super admins move showtimes to another (active) movie: a feed title linked to the wrong film, or a
// selection fixed by hand. The feed title stays what the feed said. API caches are invalidated after.
//
// Audit: one row per changed showtime with its movie before and after (see cancel-showtimes.ts for why
// per showtime rather than one row for the batch).
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import { showtimes } from "../../db/schema/showtimes.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { reattributeShowtimesSchema } from "./showtime-schemas.ts";
import { findActiveMovie, type ShowtimeServices } from "./studio-showtimes.ts";

export type ReattributeShowtimesResult = {
  movie: { id: string; title: string };
  changed: string[];
  /** already linked to that movie */
  unchanged: string[];
  missing: string[];
};

export async function reattributeShowtimes(
  services: ShowtimeServices,
  actor: Actor,
  input: z.input<typeof reattributeShowtimesSchema>,
): Promise<ReattributeShowtimesResult> {
  requireSuperAdmin(actor);
  const { ids, movieId } = parseInput(reattributeShowtimesSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const movie = await findActiveMovie(tx, movieId);
    const current = await tx
      .select({ id: showtimes.id, movieId: showtimes.movieId })
      .from(showtimes)
      .where(inArray(showtimes.id, ids))
      .for("update");
    const toChange = current.filter((s) => s.movieId !== movie.id);
    if (toChange.length > 0) {
      await tx
        .update(showtimes)
        .set({ movieId: movie.id })
        .where(
          inArray(
            showtimes.id,
            toChange.map((s) => s.id),
          ),
        );
      for (const showtime of toChange)
        await writeAuditLog(tx, actor, {
          action: "catalog.showtime.reattribute",
          entityType: "showtime",
          entityId: showtime.id,
          clientId: null,
          before: { movieId: showtime.movieId },
          after: { movieId: movie.id },
        });
    }
    const found = new Set(current.map((s) => s.id));
    return {
      movie,
      changed: toChange.map((s) => s.id),
      unchanged: current.filter((s) => s.movieId === movie.id).map((s) => s.id),
      missing: ids.filter((id) => !found.has(id)),
    };
  });
  if (result.changed.length > 0) await invalidateApiData(services);
  return result;
}
