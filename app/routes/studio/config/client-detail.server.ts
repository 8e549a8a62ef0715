// /studio/config/clients/{clientId} on the server: one client (super admin), its members and open
// invitations; edit and delete through the shared client intents, members through handleMembersAction.
import { data, type RouterContextProvider } from "react-router";
import { isAppError } from "../../../../core/errors.ts";
import { getClientById } from "../../../../core/tenancy/get-client-by-id.ts";
import { listInvitations } from "../../../../core/tenancy/list-invitations.ts";
import { listMembers } from "../../../../core/tenancy/list-members.ts";
import { readForm, readIntent, unknownIntent } from "../../../lib/form-action.server.ts";
import { handleMembersAction, MEMBER_INTENTS, memberViews } from "../members.server.ts";
import { runIntent } from "../../../lib/list-route.server.ts";
import { clientIntents } from "./clients.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";

export async function loadClientDetail(clientId: string, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  try {
    const client = await getClientById(services, actor, clientId);
    const [members, invitations] = await Promise.all([
      listMembers(services, actor, client.id),
      listInvitations(services, actor, { clientId: client.id }),
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
      ...memberViews(members, invitations),
    };
  } catch (error) {
    if (isAppError(error)) throw data(null, { status: error.status });
    throw error;
  }
}

/** The client's edit and delete; deleting goes back to the list. */
const CLIENT_INTENTS = clientIntents("list");

export async function clientDetailAction(
  clientId: string,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { services, session } = studioRequest(context);
  const form = await readForm(request);
  // This page acts on its own client only, whatever the form says.
  form.set("clientId", clientId);
  if (readIntent(form, Object.keys(CLIENT_INTENTS)))
    return runIntent(form, CLIENT_INTENTS, services, session.actor);
  const memberIntent = readIntent(form, MEMBER_INTENTS);
  if (memberIntent) return handleMembersAction(services, session, request, memberIntent, form, clientId);
  return unknownIntent();
}
