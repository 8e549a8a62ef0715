// Super admins purge every cached entry whose key starts with a prefix, in one namespace or all.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import { cachesOf, purgeAndAudit, type CacheServices } from "./cache-services.ts";
import { purgeCachePrefixSchema } from "./cache-schemas.ts";

export async function purgeCachePrefix(
  services: CacheServices,
  actor: Actor,
  input: z.input<typeof purgeCachePrefixSchema>,
) {
  requireSuperAdmin(actor);
  const data = parseInput(purgeCachePrefixSchema, input);
  const result = await purgeAndAudit(
    services,
    actor,
    cachesOf(services, data.namespace),
    { kind: "prefix", prefix: data.prefix },
    data.namespace,
  );
  return { ...result, prefix: data.prefix };
}
