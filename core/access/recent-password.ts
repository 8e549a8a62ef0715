// Step-up for the platform's most dangerous actions (impersonating a client, adjusting credits, changing
// users): a super admin's session lives as long as everyone's (SPEC's 400-day cookie), but these actions
// also need the password to have been entered recently — at sign-in, or again on
// /studio/user/verify-password. A stolen or forgotten-open session alone cannot do them.
import type { Actor } from "./actor.ts";
import { AppError } from "../errors.ts";

/** How long a password check counts for the dangerous actions. */
export const RECENT_PASSWORD_MINUTES = 15;

export const PASSWORD_CHECK_REQUIRED = "access.passwordCheckRequired" as const;

/**
 * Refuses a super admin whose password was last checked more than RECENT_PASSWORD_MINUTES ago.
 * `actor.passwordVerifiedAt` is set for every request's actor (resolveActor; null without a session);
 * actors made outside a request (the CLI, jobs) have none to check.
 */
export function requireRecentPassword(actor: Actor, now: Date = new Date()): void {
  if (!actor.isSuperAdmin || actor.passwordVerifiedAt === undefined) return;
  const checkedAt = actor.passwordVerifiedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - checkedAt > RECENT_PASSWORD_MINUTES * 60_000)
    throw new AppError("forbidden", PASSWORD_CHECK_REQUIRED);
}
