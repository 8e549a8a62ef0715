// Whose usage a request may read: the effective client's (permission usage.view), or, for a super
// admin acting for no client, the whole platform's.
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { AppError } from "../errors.ts";

/** A client's usage, or the platform's (clientId null: every client). */
export type UsageScope = { clientId: string | null };

export function usageScope(actor: Actor): UsageScope {
  if (actor.effectiveClientId) {
    requirePermission(actor, "usage.view");
    return { clientId: actor.effectiveClientId };
  }
  if (actor.isSuperAdmin) return { clientId: null };
  throw new AppError("forbidden", "usage.noClient");
}
