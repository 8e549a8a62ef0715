// /studio/config/clients and /studio/config/clients/{id} on the server: the list (search, status,
// sort, paging, CSV) and the client intents (create, update, delete). Each intent parses the form
// with its core schema and calls one core operation, which checks super admin itself.
import { redirect, type RouterContextProvider } from "react-router";
import { createClient } from "../../../../core/tenancy/create-client.ts";
import { deleteClient } from "../../../../core/tenancy/delete-client.ts";
import {
  createClientSchema,
  deleteClientSchema,
  updateClientSchema,
} from "../../../../core/tenancy/tenancy-schemas.ts";
import { CLIENT_SORTS, listClients } from "../../../../core/tenancy/list-clients.ts";
import { CLIENT_STATUSES } from "../../../../core/tenancy/tenancy-types.ts";
import { updateClient } from "../../../../core/tenancy/update-client.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { CLIENTS_PATH, DELETED_PARAM } from "./list-helpers.ts";

/** What a successful create or update returns beside the toast: where the client now lives. */
export type ClientSaved = { clientId: string };

/** The list: search, status filter, sort, paging, CSV. */
const clientList = listRoute({
  sorts: CLIENT_SORTS,
  defaultSort: "name",
  filters: (params) => ({ status: readChoice(params, "status", CLIENT_STATUSES) }),
  list: listClients,
  csv: {
    name: "clients",
    columns: [
      "id",
      ["studio.clients.col.name", "name"],
      ["studio.clients.col.slug", "slug"],
      ["studio.clients.col.status", "status"],
      ["studio.clients.col.contactEmail", "contactEmail"],
      ["studio.clients.col.members", "memberCount"],
      ["studio.clients.col.created", "createdAt"],
    ],
  },
});

export async function loadClientList(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const clients = await clientList.load(request, context);
  return {
    ...clients,
    rows: clients.rows.map((row) => ({
      ...row,
      slug: row.slug ?? "",
      createdAt: row.createdAt.toISOString(),
    })),
    deleted: url.searchParams.get(DELETED_PARAM)?.slice(0, 200) ?? null,
  };
}

/** `?format=csv`: every client matching the list's search and filter. */
export const clientListCsv = clientList.csv;

/** A success of the client form: the toast, and the client's id for the page to go to. */
const clientSaved = (key: "created" | "saved") => (client: { id: string; name: string }) => ({
  ...successToast(`studio.clients.toast.${key}`, { name: client.name }),
  payload: { clientId: client.id } satisfies ClientSaved,
});

/**
 * The client intents both pages share: create, update, delete. `afterDelete` = "stay" answers with a
 * toast (the list revalidates), "list" goes back to the list (the detail page of a deleted client).
 */
export const clientIntents = (afterDelete: "stay" | "list") => ({
  create: formIntent(createClientSchema, createClient, clientSaved("created")),
  update: formIntent(
    updateClientSchema,
    (services, actor, value) =>
      updateClient(services, actor, {
        ...value,
        // An emptied field clears the value.
        contactEmail: value.contactEmail ?? null,
        notes: value.notes ?? null,
      }),
    clientSaved("saved"),
  ),
  delete: formIntent(
    deleteClientSchema,
    async (services, actor, value) => {
      await deleteClient(services, actor, { clientId: value.clientId });
      const name = value.name ?? "";
      if (afterDelete === "list")
        throw redirect(`${CLIENTS_PATH}?${new URLSearchParams({ [DELETED_PARAM]: name }).toString()}`);
      return name;
    },
    (name) => successToast("studio.clients.toast.deleted", { name }),
    { toastOnError: true },
  ),
});

const LIST_INTENTS = clientIntents("stay");

export async function clientListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), LIST_INTENTS, services, actor);
}
