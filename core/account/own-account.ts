// What the profile page shows of the signed-in user's account besides the session's own fields:
// their sessions (tokens stay on the server) and their memberships.
import type { AppServices } from "../services.ts";
import type { AccountSession } from "./account-session.ts";
import { listOwnMemberships, type OwnMembership } from "./memberships.ts";
import { listOwnSessions, type OwnSession } from "./sessions.ts";

export type { OwnMembership, OwnSession };

// Sessions are read from our table, not better-auth's listSessions: that endpoint refuses sessions
// older than its "fresh age" (a day) while ours live 400 days, and it hands out tokens.
export async function loadOwnAccount(
  services: Pick<AppServices, "db" | "now">,
  account: AccountSession,
): Promise<{ sessions: OwnSession[]; memberships: OwnMembership[] }> {
  const [sessions, memberships] = await Promise.all([
    listOwnSessions(services, account.actor, { currentSessionId: account.session.id }),
    listOwnMemberships(services, account.actor),
  ]);
  return { sessions, memberships };
}
