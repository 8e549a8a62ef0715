// /studio/config/clients/{clientId} on the server: one client (super admin), its members and open
// invitations; edit and delete through the shared client intents, members through handleMembersAction.
import { data, type RouterContextProvider } from "react-router";
import { isAppError } from "../../../../core/errors.ts";
import { getClientById } from "../../../../core/tenancy/get-client-by-id.ts";
import { listInvitations } from "../../../../core/tenancy/list-invitations.ts";
import { listMembers } from "../../../../core/tenancy/list-members.ts";
import { handleMembersAction } from "../members.server.ts";
import { handleClientIntent } from "./clients.server.ts";
import { studioRequest } from "./config.server.ts";

export async function loadClientDetail(clientId: string, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  try {
    const client = await getClientById(services.db, actor, clientId);
    const [members, invitations] = await Promise.all([
      listMembers(services.db, actor, client.id),
      listInvitations(services.db, actor, { clientId: client.id }),
    ]);
    return {
      client: {
        id: client.id,
        name: client.name,
        slug: client.slug ?? "",
        status: client.status,
        contactEmail: client.contactEmail ?? "",
        notes: client.notes ?? "",
        memberCount: client.memberCount,
        createdAt: client.createdAt.toISOString(),
      },
      members: members.map((m) => ({
        profileId: m.profileId,
        name: m.name,
        email: m.email,
        role: m.role,
        lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
        disabled: m.disabled,
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        status: i.status,
        expiresAt: i.expiresAt.toISOString(),
      })),
    };
  } catch (error) {
    if (isAppError(error)) throw data(null, { status: error.status });
    throw error;
  }
}

export async function clientDetailAction(
  clientId: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { services, session } = studioRequest(context);
  const form = await request.formData();
  // This page acts on its own client only, whatever the form says.
  form.set("clientId", clientId);
  const result = await handleClientIntent(services, session, request, form, { afterDelete: "list" });
  return result ?? handleMembersAction(services, session, request, form, clientId);
}
