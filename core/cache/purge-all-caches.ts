// Super admins empty one namespace's caches or every cache, after typing the confirmation word.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import { cachesOf, purgeAndAudit, type CacheServices } from "./cache-services.ts";
import { purgeAllCachesSchema } from "./cache-schemas.ts";

export async function purgeAllCaches(
  services: CacheServices,
  actor: Actor,
  input: z.input<typeof purgeAllCachesSchema>,
) {
  requireSuperAdmin(actor);
  const data = parseInput(purgeAllCachesSchema, input);
  return purgeAndAudit(services, actor, cachesOf(services, data.namespace), { kind: "all" }, data.namespace);
}
