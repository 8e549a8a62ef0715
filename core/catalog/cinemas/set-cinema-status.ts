// Super admins close a cinema or reopen it: closing is a cinema's lifecycle (its showtimes stay).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { cinemas } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { setCinemaStatusSchema } from "./cinema-schemas.ts";
import { cinemaColumns, findCinemaForUpdate, type CinemaRecord } from "./cinemas.ts";
import { type CatalogServices, invalidateCatalogReaders } from "../catalog-services.ts";

export async function setCinemaStatus(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof setCinemaStatusSchema>,
): Promise<CinemaRecord> {
  requireSuperAdmin(actor);
  const { cinemaId, status } = parseInput(setCinemaStatusSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await findCinemaForUpdate(tx, cinemaId);
    // Already so: nothing changes, so nothing is audited.
    if (current.status === status) return current;
    const [updated] = await tx
      .update(cinemas)
      .set({ status })
      .where(eq(cinemas.id, cinemaId))
      .returning(cinemaColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.cinema.status",
      entityType: "cinema",
      entityId: cinemaId,
      clientId: null,
      before: { status: current.status },
      after: { status: updated!.status },
    });
    return updated!;
  });
  await invalidateCatalogReaders(services);
  return result;
}
