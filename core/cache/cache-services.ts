// What the cache operations share: the services they need, the caches a namespace choice names, and the
// audit entry of a purge.
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { AppServices } from "../services.ts";
import type { CacheNamespace } from "./cache-schemas.ts";
import type { CacheLocation, CachePurgeTarget, InspectableCache } from "./inspectable-cache.ts";

export type CacheServices = Pick<AppServices, "db" | "caches" | "now">;

/** The registered caches of a namespace, or all of them. */
export function cachesOf(services: CacheServices, namespace?: CacheNamespace): readonly InspectableCache[] {
  return namespace ? services.caches.filter((cache) => cache.namespace === namespace) : services.caches;
}

/** How a location reads in the audit log: "redis" (every instance) or "memory host:pid" (this one). */
export const locationLabel = (location: CacheLocation) =>
  location.kind === "redis" ? "redis" : `memory ${location.instance}`;

/** Purges `target` from each cache and writes one audit row saying what, where and how many. */
export async function purgeAndAudit(
  services: CacheServices,
  actor: Actor,
  caches: readonly InspectableCache[],
  target: CachePurgeTarget,
  namespace: CacheNamespace | undefined,
) {
  let purged = 0;
  for (const cache of caches) purged += await cache.purge(target);
  await writeAuditLog(services.db, actor, {
    action: "cache.purge",
    entityType: "cache",
    entityId: namespace ?? "all",
    clientId: null,
    after: {
      ...target,
      namespace: namespace ?? "all",
      stores: caches.map((cache) => `${cache.namespace}: ${locationLabel(cache.location)}`),
      purged,
    },
  });
  return { purged };
}
