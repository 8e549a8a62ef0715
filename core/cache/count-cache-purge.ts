// How many entries a prefix purge would remove now: the page shows it before asking to confirm.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import { cachesOf, type CacheServices } from "./cache-services.ts";
import { purgeCachePrefixSchema } from "./cache-schemas.ts";

export async function countCachePurge(
  services: CacheServices,
  actor: Actor,
  input: z.input<typeof purgeCachePrefixSchema>,
) {
  requireSuperAdmin(actor);
  const data = parseInput(purgeCachePrefixSchema, input);
  let count = 0;
  for (const cache of cachesOf(services, data.namespace))
    count += await cache.count({ kind: "prefix", prefix: data.prefix });
  return { count, prefix: data.prefix, namespace: data.namespace ?? null };
}
