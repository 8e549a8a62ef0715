// The operator at the command line (npm run cli) and other system work with no signed-in person: it
// holds the database itself, so it may do what a super admin may. It has no profile: the audit log
// records no actor profile and names the tool in request_id ("cli:import-movies").
import type { Actor } from "./actor.ts";

const SYSTEM_USER = "system";

export function systemActor(tool: string): Actor {
  return {
    userId: SYSTEM_USER,
    profileId: SYSTEM_USER,
    isSuperAdmin: true,
    effectiveClientId: null,
    role: null,
    impersonating: false,
    requestId: tool,
  };
}

export function isSystemActor(actor: Actor): boolean {
  return actor.userId === SYSTEM_USER && actor.profileId === SYSTEM_USER;
}
