// Super admins grant a client one country or one bundle for a window of days (from defaults to today,
// until is optional). An unknown country or bundle, or an overlapping grant of the same target, is
// refused with nothing written.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countryAccess } from "../../db/schema/access.ts";
import { bundles, countries } from "../../db/schema/catalog.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../shared/input.ts";
import type { Actor } from "../access/actor.ts";
import { grantCountryAccessSchema, parseTarget } from "./country-access-schemas.ts";
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

const unknownTarget = (reason: "countryAccess.unknownCountry" | "countryAccess.unknownBundle") =>
  new AppError("invalid_input", reason, { fieldErrors: { target: messageRef(`error.${reason}`) } });

export async function grantCountryAccess(
  services: CountryAccessServices,
  actor: Actor,
  input: z.input<typeof grantCountryAccessSchema>,
): Promise<GrantRecord> {
  requireSuperAdmin(actor);
  const value = parseInput(grantCountryAccessSchema, input);
  const validFrom = value.validFrom ?? utcDay(services.now());
  const validUntil = value.validUntil ?? null;
  if (validUntil !== null && validUntil < validFrom)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { validUntil: messageRef("studio.countryAccess.validation.untilBeforeFrom") },
    });
  const target = parseTarget(value.target);
  const granted = await services.db.transaction(async (tx) => {
    await lockClient(tx, value.clientId);
    if (target.kind === "country") {
      const [known] = await tx
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, target.countryCode));
      if (!known) throw unknownTarget("countryAccess.unknownCountry");
    } else {
      const [known] = await tx
        .select({ id: bundles.id })
        .from(bundles)
        .where(eq(bundles.id, target.bundleId));
      if (!known) throw unknownTarget("countryAccess.unknownBundle");
    }
    const record = {
      clientId: value.clientId,
      countryCode: target.kind === "country" ? target.countryCode : null,
      bundleId: target.kind === "bundle" ? target.bundleId : null,
      validFrom,
      validUntil,
    };
    await refuseOverlap(tx, record, "target");
    const [row] = await tx.insert(countryAccess).values(record).returning(grantColumns);
    await writeAuditLog(tx, actor, {
      action: "country_access.grant",
      entityType: "country_access",
      entityId: row!.id,
      clientId: value.clientId,
      after: row,
    });
    return row!;
  });
  await countriesChanged(services, value.clientId);
  return granted;
}
