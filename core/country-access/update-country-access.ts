// Super admins change a grant's window of days (its target stays: grant another one instead). The new
// window may not overlap another grant of the same target to the same client.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countryAccess } from "../../db/schema/access.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../shared/input.ts";
import type { Actor } from "../access/actor.ts";
import { updateCountryAccessSchema } from "./country-access-schemas.ts";
import { utcDay } from "../access/country-access.ts";
import {
  countriesChanged,
  grantColumns,
  lockClient,
  refuseOverlap,
  type CountryAccessServices,
  type GrantRecord,
} from "./country-grants.ts";
import { requireSuperAdmin } from "../access/permissions.ts";

export async function updateCountryAccess(
  services: CountryAccessServices,
  actor: Actor,
  input: z.input<typeof updateCountryAccessSchema>,
): Promise<GrantRecord> {
  requireSuperAdmin(actor);
  const value = parseInput(updateCountryAccessSchema, input);
  const validFrom = value.validFrom ?? utcDay(services.now());
  const validUntil = value.validUntil ?? null;
  if (validUntil !== null && validUntil < validFrom)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { validUntil: messageRef("studio.countryAccess.validation.untilBeforeFrom") },
    });
  const updated = await services.db.transaction(async (tx) => {
    const [found] = await tx
      .select(grantColumns)
      .from(countryAccess)
      .where(eq(countryAccess.id, value.grantId));
    if (!found) throw new AppError("not_found", "countryAccess.notFound");
    await lockClient(tx, found.clientId);
    const next = { ...found, validFrom, validUntil };
    await refuseOverlap(tx, next, "validFrom");
    const [row] = await tx
      .update(countryAccess)
      .set({ validFrom, validUntil, updatedAt: new Date() })
      .where(eq(countryAccess.id, found.id))
      .returning(grantColumns);
    await writeAuditLog(tx, actor, {
      action: "country_access.update",
      entityType: "country_access",
      entityId: found.id,
      clientId: found.clientId,
      before: found,
      after: row,
    });
    return row!;
  });
  await countriesChanged(services, updated.clientId);
  return updated;
}
