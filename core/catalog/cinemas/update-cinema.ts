// Super admins edit a cinema (status, feeds and identifiers from imports are kept).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { cinemas } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { updateCinemaSchema } from "./cinema-schemas.ts";
import {
  checkCinemaReferences,
  checkCinemaSlugFree,
  cinemaColumns,
  cinemaValues,
  findCinemaForUpdate,
  type CinemaRecord,
} from "./cinemas.ts";
import { type CatalogServices, invalidateCatalogReaders } from "../catalog-services.ts";

export async function updateCinema(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof updateCinemaSchema>,
): Promise<CinemaRecord> {
  requireSuperAdmin(actor);
  const { cinemaId, ...data } = parseInput(updateCinemaSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await findCinemaForUpdate(tx, cinemaId);
    if (data.slug !== current.slug) await checkCinemaSlugFree(tx, data.slug, cinemaId);
    await checkCinemaReferences(tx, data.countryCode, data.chainId);
    const [updated] = await tx
      .update(cinemas)
      .set(cinemaValues(data))
      .where(eq(cinemas.id, cinemaId))
      // A new country moves the cinema's showtimes along, marked changed (a trigger, migration 0011).
      .returning(cinemaColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.cinema.update",
      entityType: "cinema",
      entityId: cinemaId,
      clientId: null,
      before: current,
      after: updated,
    });
    return updated!;
  });
  await invalidateCatalogReaders(services);
  return result;
}
