// Super admins add a cinema: name, unique slug, address, country, coordinates, time zone, chain, links.
import type { z } from "zod";
import { cinemas } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { createCinemaSchema } from "./cinema-schemas.ts";
import {
  checkCinemaReferences,
  checkCinemaSlugFree,
  cinemaColumns,
  cinemaValues,
  type CinemaRecord,
} from "./cinemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function createCinema(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof createCinemaSchema>,
): Promise<CinemaRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createCinemaSchema, input);
  return services.db.transaction(async (tx) => {
    await checkCinemaSlugFree(tx, data.slug);
    await checkCinemaReferences(tx, data.countryCode, data.chainId);
    const [created] = await tx.insert(cinemas).values(cinemaValues(data)).returning(cinemaColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.cinema.create",
      entityType: "cinema",
      entityId: created!.id,
      clientId: null,
      after: created,
    });
    return created!;
  });
}
