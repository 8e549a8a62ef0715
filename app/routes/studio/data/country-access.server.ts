// /studio/data/country-access on the server: a client's grants (standing filter, sort, paging, CSV) and
// the countries they give today, for every signed-in user about their effective client; super admins
// choose any client (?clientId=) and grant, re-date and revoke (everyone else's POST is a 403).
import type { RouterContextProvider } from "react-router";
import type { Actor } from "../../../../core/access/actor.ts";
import type { AppServices } from "../../../../core/services.ts";
import { GRANT_STATUSES } from "../../../../core/country-access/country-access-schemas.ts";
import {
  grantCountryAccessSchema,
  revokeCountryAccessSchema,
  updateCountryAccessSchema,
} from "../../../../core/country-access/country-access-schemas.ts";
import { grantCountryAccess } from "../../../../core/country-access/grant-country-access.ts";
import { listGrantedCountries } from "../../../../core/country-access/list-granted-countries.ts";
import {
  GRANT_SORTS,
  listCountryGrants,
  type GrantSort,
} from "../../../../core/country-access/list-country-grants.ts";
import { revokeCountryAccess } from "../../../../core/country-access/revoke-country-access.ts";
import { updateCountryAccess } from "../../../../core/country-access/update-country-access.ts";
import { utcDay } from "../../../../core/access/country-access.ts";
import { listBundles } from "../../../../core/catalog/countries/list-bundles.ts";
import { countryChoices } from "../../../../core/catalog/countries/list-country-rows.ts";
import { getClientById } from "../../../../core/tenancy/get-client-by-id.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, loadListPage, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { clientChoices, readId } from "../config/credits.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { CLIENT_PARAM } from "./country-access-paths.ts";

const SORT_KEYS = [...new Set(GRANT_SORTS.map((sort) => sort.replace(/^-/, "")))];

/** The client shown: a super admin's ?clientId= choice, else the effective client, else none. */
async function chosenClient(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor, effectiveClient } = session;
  const asked = actor.isSuperAdmin ? readId(new URL(request.url).searchParams, CLIENT_PARAM) : undefined;
  if (asked) {
    const found = await getClientById(services, actor, asked).catch(() => null);
    if (found) return { id: found.id, name: found.name };
  }
  return effectiveClient ? { id: effectiveClient.id, name: effectiveClient.name } : null;
}

function readQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "-validFrom" });
  return { table, status: readChoice(url.searchParams, "status", GRANT_STATUSES) };
}

/** The client's grants, a page at a time, filtered and sorted as the URL says. */
function readGrants(request: Request, services: AppServices, actor: Actor, clientId: string) {
  const { table, status } = readQuery(new URL(request.url));
  const read = (page: number, pageSize: number) =>
    listCountryGrants(services, actor, { clientId, status, sort: table.sort as GrantSort, page, pageSize });
  return { table, read };
}

/** The choices of the grant form: countries and bundles. */
async function grantTargets(services: AppServices, actor: Actor) {
  const [countries, bundles] = await Promise.all([
    countryChoices(services, actor),
    listBundles(services, actor, { pageSize: 200 }).then((p) => p.rows),
  ]);
  return [
    ...countries.map((c) => ({
      value: `country:${c.code}`,
      label: c.name,
      group: "country" as const,
      enabled: c.enabled,
    })),
    ...bundles.map((b) => ({
      value: `bundle:${b.id}`,
      label: b.name,
      group: "bundle" as const,
      enabled: true,
    })),
  ];
}

export async function loadCountryAccess(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const canEdit = actor.isSuperAdmin;
  const [client, clients] = await Promise.all([
    chosenClient(request, context),
    canEdit ? clientChoices(services, session) : Promise.resolve([]),
  ]);
  if (!client) return { kind: "no-client" as const, canEdit, clients };
  const { table, read } = readGrants(request, services, actor, client.id);
  const [page, granted, targets] = await Promise.all([
    loadListPage(read, table),
    listGrantedCountries(services, actor, client.id),
    canEdit ? grantTargets(services, actor) : Promise.resolve([]),
  ]);
  return {
    kind: "client" as const,
    canEdit,
    clients,
    client,
    today: utcDay(services.now()),
    granted,
    targets,
    ...page,
  };
}

export async function countryAccessCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const client = await chosenClient(request, context);
  if (!client) throw new Response(null, { status: 404 });
  return listCsv(request, services, {
    name: "country-access",
    read: readGrants(request, services, actor, client.id).read,
    columns: [
      "id",
      "kind",
      "targetId",
      ["studio.countryAccess.col.target", "targetName"],
      ["studio.countryAccess.col.countries", (r) => r.countries.join(" ")],
      ["studio.countryAccess.col.validFrom", "validFrom"],
      ["studio.countryAccess.col.validUntil", "validUntil"],
      ["studio.countryAccess.col.status", "status"],
    ],
  });
}

const COUNTRY_ACCESS_INTENTS = {
  grant: formIntent(grantCountryAccessSchema, grantCountryAccess, () =>
    successToast("studio.countryAccess.toast.granted"),
  ),
  update: formIntent(updateCountryAccessSchema, updateCountryAccess, () =>
    successToast("studio.countryAccess.toast.updated"),
  ),
  revoke: formIntent(
    revokeCountryAccessSchema,
    revokeCountryAccess,
    () => successToast("studio.countryAccess.toast.revoked"),
    { toastOnError: true },
  ),
};

export async function countryAccessAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  return runIntent(await readForm(request), COUNTRY_ACCESS_INTENTS, services, actor);
}
