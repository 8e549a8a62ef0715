// Server helpers the four credits pages share: the client choices of their filters and forms.
import type { AppServices } from "../../../../core/services.ts";
import type { StudioSession } from "../../../lib/studio-session.server.ts";
import { listClients } from "../../../../core/tenancy/list-clients.ts";

/** Clients by name, for a filter or a form's client choice (the first 200; the search finds the rest). */
export async function clientChoices(services: AppServices, session: StudioSession) {
  const page = await listClients(services, session.actor, { pageSize: 200, sort: "name" });
  return page.rows.map((row) => ({ value: row.id, label: row.name }));
}

/** A "yyyy-mm-dd" URL parameter, else undefined (a bad one is ignored, not an error). */
export function readDay(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name) ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? value
    : undefined;
}

/** A uuid URL parameter, else undefined. */
export function readId(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name) ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : undefined;
}
