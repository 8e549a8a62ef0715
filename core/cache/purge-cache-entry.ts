// Super admins purge one cached entry by its exact key (on every instance with Redis, else on this one).
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import { cachesOf, purgeAndAudit, type CacheServices } from "./cache-services.ts";
import { purgeCacheKeySchema } from "./cache-schemas.ts";

export async function purgeCacheEntry(
  services: CacheServices,
  actor: Actor,
  input: z.input<typeof purgeCacheKeySchema>,
) {
  requireSuperAdmin(actor);
  const data = parseInput(purgeCacheKeySchema, input);
  const result = await purgeAndAudit(
    services,
    actor,
    cachesOf(services, data.namespace),
    { kind: "key", key: data.key },
    data.namespace,
  );
  return { ...result, key: data.key };
}
