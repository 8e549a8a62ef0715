// Which countries' showtimes a studio user may see: those granted to the client they act for, or, for a
// super admin acting for no client, every enabled country. Nobody else sees any.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { grantedCountries, utcDay } from "../../access/country-access.ts";

export const DAY_MS = 86_400_000;

export async function visibleCountries(db: Database, actor: Actor, now: Date): Promise<string[]> {
  if (actor.effectiveClientId) return grantedCountries(db, actor.effectiveClientId, utcDay(now));
  if (!actor.isSuperAdmin) return [];
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.enabled, true))
    .orderBy(asc(countries.code));
  return rows.map((r) => r.code.toUpperCase());
}
