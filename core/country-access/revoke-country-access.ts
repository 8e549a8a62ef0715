// Super admins revoke a grant: the row goes (the audit row keeps what it was), and the client's API
// keys stop serving its countries at once.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countryAccess } from "../../db/schema/access.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import type { Actor } from "../access/actor.ts";
import { revokeCountryAccessSchema } from "./country-access-schemas.ts";
import {
  countriesChanged,
  grantColumns,
  lockClient,
  type CountryAccessServices,
  type GrantRecord,
} from "./country-grants.ts";
import { requireSuperAdmin } from "../access/permissions.ts";

export async function revokeCountryAccess(
  services: CountryAccessServices,
  actor: Actor,
  input: z.input<typeof revokeCountryAccessSchema>,
): Promise<GrantRecord> {
  requireSuperAdmin(actor);
  const { grantId } = parseInput(revokeCountryAccessSchema, input);
  const revoked = await services.db.transaction(async (tx) => {
    const [found] = await tx.select(grantColumns).from(countryAccess).where(eq(countryAccess.id, grantId));
    if (!found) throw new AppError("not_found", "countryAccess.notFound");
    await lockClient(tx, found.clientId);
    await tx.delete(countryAccess).where(eq(countryAccess.id, grantId));
    await writeAuditLog(tx, actor, {
      action: "country_access.revoke",
      entityType: "country_access",
      entityId: grantId,
      clientId: found.clientId,
      before: found,
    });
    return found;
  });
  await countriesChanged(services, revoked.clientId);
  return revoked;
}
