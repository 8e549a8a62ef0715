// Leaving a client from the profile page: core/tenancy/leave-client.ts checks the membership and the
// last-admin rule and audits (member.leave); this returns the client's name for the confirmation.
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { leaveClient } from "../tenancy/leave-client.ts";
import { assertOwnAccount, type AccountSession } from "./account-session.ts";
import { ownClientName } from "./memberships.ts";

export async function leaveOwnClient(
  services: Pick<AppServices, "db">,
  account: AccountSession,
  input: { clientId: string },
): Promise<{ clientName: string }> {
  assertOwnAccount(account);
  const clientName = await ownClientName(services, account.actor, input.clientId);
  if (clientName === null) throw new AppError("not_found", "tenancy.notMember");
  await leaveClient(services, account.actor, input.clientId);
  return { clientName };
}
