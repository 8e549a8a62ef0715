// /studio/config/clients and /studio/config/clients/{id} on the server: the list (search, status,
// sort, paging, CSV) and the client intents (create, update, delete). Core checks super admin itself.
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { isAppError, type AppError } from "../../../../core/errors.ts";
import type { AppServices } from "../../../../core/services.ts";
import { createClient, SLUG_TAKEN } from "../../../../core/tenancy/create-client.ts";
import { deleteClient } from "../../../../core/tenancy/delete-client.ts";
import { CLIENT_SORTS, listClients, type ClientSort } from "../../../../core/tenancy/list-clients.ts";
import { updateClient } from "../../../../core/tenancy/update-client.ts";
import {
  CLIENT_STATUSES,
  readClientForm,
  validateClientForm,
  type ClientActionResult,
  type ClientFieldErrors,
  type ClientFormMode,
  type ClientFormValues,
  type ClientStatus,
} from "../../../components/studio/client-form.tsx";
import { readTableParams } from "../../../components/ui/data-table.tsx";
import { toastData } from "../../../components/ui/toast.ts";
import type { StudioSession } from "../../../lib/studio-session.server.ts";
import { allRows, csvResponse, serverT, studioRequest, type Translate } from "./config.server.ts";
import { CLIENTS_PATH, DELETED_PARAM } from "./list-helpers.ts";

export const CLIENT_SORT_KEYS = [...new Set(CLIENT_SORTS.map((sort) => sort.replace(/^-/, "")))];

/** The list's filters as the URL carries them, read safely. */
function readListQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: CLIENT_SORT_KEYS, defaultSort: "name" });
  const status = readChoice<ClientStatus>(url.searchParams, "status", CLIENT_STATUSES);
  return { table, status, search: table.q || undefined, sort: table.sort as ClientSort };
}

export async function loadClientList(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, status, search, sort } = readListQuery(url);
  const read = (pageNumber: number) =>
    listClients(services.db, session.actor, {
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
    listClients(services.db, session.actor, { search, status, sort, page, pageSize }),
  );
  return csvResponse(
    "clients",
    ["id", "name", "slug", "status", "contact_email", "members", "created_at"],
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
  );
}

/** A core failure as the form shows it: field errors in the reader's language where we know them. */
function failure(error: AppError, intent: string, t: Translate, values?: ClientFormValues) {
  const fieldErrors: ClientFieldErrors = {};
  if (error.reason === SLUG_TAKEN) fieldErrors.slug = "studio.clients.error.slugTaken";
  else if (error.fieldErrors.slug)
    fieldErrors.slug = values?.slug
      ? "studio.clients.error.slugPattern"
      : "studio.clients.error.slugFromName";
  if (error.fieldErrors.name) fieldErrors.name = "studio.clients.error.nameRequired";
  if (error.fieldErrors.contactEmail) fieldErrors.contactEmail = "studio.clients.error.emailInvalid";
  if (error.fieldErrors.notes) fieldErrors.notes = "studio.clients.error.notesTooLong";
  const known = Object.keys(fieldErrors).length > 0;
  const message =
    error.code === "not_found" ? t("studio.clients.error.notFound") : known ? undefined : error.message;
  return data<ClientActionResult>(
    { ok: false, intent, fieldErrors: known ? fieldErrors : undefined, error: message, values },
    { status: error.status },
  );
}

async function saveClient(
  services: AppServices,
  session: StudioSession,
  request: Request,
  form: FormData,
  mode: ClientFormMode,
) {
  const t = serverT(services, request);
  const intent = mode === "create" ? "create" : "update";
  const values = readClientForm(form);
  const fieldErrors = validateClientForm(values, mode);
  if (Object.keys(fieldErrors).length > 0) {
    return data<ClientActionResult>({ ok: false, intent, fieldErrors, values }, { status: 400 });
  }
  const fields = {
    name: values.name,
    status: values.status,
    contactEmail: values.contactEmail || null,
    notes: values.notes || null,
  };
  try {
    const client =
      mode === "create"
        ? await createClient(services.db, session.actor, { ...fields, slug: values.slug || undefined })
        : await updateClient(services.db, session.actor, {
            ...fields,
            slug: values.slug,
            clientId: String(form.get("clientId") ?? ""),
          });
    const toast = toastData(
      "success",
      t(mode === "create" ? "studio.clients.toast.created" : "studio.clients.toast.saved", {
        name: client.name,
      }),
    );
    return data<ClientActionResult>({ ok: true, intent, clientId: client.id, ...toast });
  } catch (error) {
    if (isAppError(error)) return failure(error, intent, t, values);
    throw error;
  }
}

/**
 * The client intents both pages share: create, update, delete. `afterDelete` = "stay" answers with a
 * toast (the list revalidates), "list" goes back to the list (the detail page of a deleted client).
 * Returns null for an intent that is not one of these (the detail page's member intents).
 */
export async function handleClientIntent(
  services: AppServices,
  session: StudioSession,
  request: Request,
  form: FormData,
  options: { afterDelete: "stay" | "list" },
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") return saveClient(services, session, request, form, "create");
  if (intent === "update") return saveClient(services, session, request, form, "edit");
  if (intent !== "delete") return null;
  const t = serverT(services, request);
  const name = String(form.get("name") ?? "").slice(0, 200);
  try {
    await deleteClient(services.db, session.actor, { clientId: String(form.get("clientId") ?? "") });
  } catch (error) {
    if (isAppError(error)) return failure(error, intent, t);
    throw error;
  }
  if (options.afterDelete === "list") {
    throw redirect(`${CLIENTS_PATH}?${new URLSearchParams({ [DELETED_PARAM]: name }).toString()}`);
  }
  return data<ClientActionResult>({
    ok: true,
    intent,
    ...toastData("success", t("studio.clients.toast.deleted", { name })),
  });
}

export async function clientListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const form = await request.formData();
  const result = await handleClientIntent(services, session, request, form, { afterDelete: "stay" });
  return (
    result ??
    data<ClientActionResult>(
      { ok: false, intent: String(form.get("intent") ?? ""), error: "Unknown action." },
      { status: 400 },
    )
  );
}
