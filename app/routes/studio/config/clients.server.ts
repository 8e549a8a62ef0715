// /studio/config/clients and /studio/config/clients/{id} on the server: the list (search, status,
// sort, paging, CSV) and the client intents (create, update, delete). Each intent parses the form
// with its core schema and calls one core operation, which checks super admin itself.
import { redirect, type RouterContextProvider } from "react-router";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { createClient } from "../../../../core/tenancy/create-client.ts";
import { deleteClient } from "../../../../core/tenancy/delete-client.ts";
import {
  createClientSchema,
  deleteClientSchema,
  updateClientSchema,
} from "../../../../core/tenancy/tenancy-schemas.ts";
import { CLIENT_SORTS, listClients, type ClientSort } from "../../../../core/tenancy/list-clients.ts";
import { CLIENT_STATUSES } from "../../../../core/tenancy/tenancy-types.ts";
import { updateClient } from "../../../../core/tenancy/update-client.ts";
import type { AppServices } from "../../../../core/services.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import type { StudioSession } from "../../../lib/studio-session.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { CLIENTS_PATH, DELETED_PARAM } from "./list-helpers.ts";

export const CLIENT_SORT_KEYS = [...new Set(CLIENT_SORTS.map((sort) => sort.replace(/^-/, "")))];

/** The intents of the client form and the delete confirmation. */
export const CLIENT_INTENTS = ["create", "update", "delete"] as const;
export type ClientIntent = (typeof CLIENT_INTENTS)[number];

/** What a successful create or update returns beside the toast: where the client now lives. */
export type ClientSaved = { clientId: string };

/** The list's filters as the URL carries them, read safely. */
function readListQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: CLIENT_SORT_KEYS, defaultSort: "name" });
  const status = readChoice(url.searchParams, "status", CLIENT_STATUSES);
  return { table, status, search: table.q || undefined, sort: table.sort as ClientSort };
}

export async function loadClientList(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, status, search, sort } = readListQuery(url);
  const read = (pageNumber: number) =>
    listClients(services, session.actor, {
      search,
      status,
      sort,
      page: pageNumber,
      pageSize: table.pageSize,
    });
  const page = await readPageClamped(read, table.page);
  return {
    rows: page.rows.map((row) => ({ ...row, slug: row.slug ?? "", createdAt: row.createdAt.toISOString() })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    deleted: url.searchParams.get(DELETED_PARAM)?.slice(0, 200) ?? null,
  };
}

/** `?format=csv`: every client matching the list's search and filter. */
export async function clientListCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { status, search, sort } = readListQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listClients(services, session.actor, { search, status, sort, page, pageSize }),
  );
  return csvResponse(
    "clients",
    [
      "csv.column.id",
      "studio.clients.col.name",
      "studio.clients.col.slug",
      "studio.clients.col.status",
      "studio.clients.col.contactEmail",
      "studio.clients.col.members",
      "studio.clients.col.created",
    ],
    rows.map((row) => [
      row.id,
      row.name,
      row.slug,
      row.status,
      row.contactEmail,
      row.memberCount,
      row.createdAt,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

/**
 * The client intents both pages share: create, update, delete. `afterDelete` = "stay" answers with a
 * toast (the list revalidates), "list" goes back to the list (the detail page of a deleted client).
 */
export async function handleClientIntent(
  services: AppServices,
  session: StudioSession,
  intent: ClientIntent,
  form: FormData,
  options: { afterDelete: "stay" | "list" },
) {
  const { actor } = session;
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createClientSchema,
        (value) => createClient(services, actor, value),
        (client) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.clients.toast.created", { name: client.name }),
          },
          payload: { clientId: client.id } satisfies ClientSaved,
        }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateClientSchema,
        (value) =>
          updateClient(services, actor, {
            ...value,
            // An emptied field clears the value.
            contactEmail: value.contactEmail ?? null,
            notes: value.notes ?? null,
          }),
        (client) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.clients.toast.saved", { name: client.name }),
          },
          payload: { clientId: client.id } satisfies ClientSaved,
        }),
      );
    case "delete":
      return runForm(
        intent,
        form,
        deleteClientSchema,
        async (value) => {
          await deleteClient(services, actor, { clientId: value.clientId });
          const name = value.name ?? "";
          if (options.afterDelete === "list")
            throw redirect(`${CLIENTS_PATH}?${new URLSearchParams({ [DELETED_PARAM]: name }).toString()}`);
          return name;
        },
        (name) => ({
          toast: { kind: "success", message: messageRef("studio.clients.toast.deleted", { name }) },
        }),
        { toastOnError: true },
      );
  }
}

export async function clientListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const form = await readForm(request);
  const intent = readIntent(form, CLIENT_INTENTS);
  return intent
    ? handleClientIntent(services, session, intent, form, { afterDelete: "stay" })
    : unknownIntent();
}
