// The countries a client may read today, for its members (the key form offers them as a subset).
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { Actor } from "../access/actor.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import { requirePermission } from "../access/permissions.ts";
import type { AppServices } from "../services.ts";

export async function listGrantedCountries(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  clientId: string,
): Promise<string[]> {
  const id = parseInput(idSchema, clientId);
  requirePermission(actor, "client.view", id);
  return grantedCountries(db, id, utcDay(now()));
}
