// /studio/data/country-access on the server: a client's grants (standing filter, sort, paging, CSV) and
// the countries they give today, for every signed-in user about their effective client; super admins
// choose any client (?clientId=) and grant, re-date and revoke (everyone else's POST is a 403).
import type { RouterContextProvider } from "react-router";
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
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { getClientById } from "../../../../core/tenancy/get-client-by-id.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { clientChoices, readId } from "../config/credits.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { CLIENT_PARAM } from "./country-access-paths.ts";

export const COUNTRY_ACCESS_INTENTS = ["grant", "update", "revoke"] as const;
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

export async function loadCountryAccess(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const canEdit = actor.isSuperAdmin;
  const [client, clients] = await Promise.all([
    chosenClient(request, context),
    canEdit ? clientChoices(services, session) : Promise.resolve([]),
  ]);
  if (!client) return { kind: "no-client" as const, canEdit, clients };
  const { table, status } = readQuery(new URL(request.url));
  const [page, today, countries, bundles] = await Promise.all([
    readPageClamped(
      (n) =>
        listCountryGrants(services, actor, {
          clientId: client.id,
          status,
          sort: table.sort as GrantSort,
          page: n,
          pageSize: table.pageSize,
        }),
      table.page,
    ),
    listGrantedCountries(services, actor, client.id),
    canEdit ? countryChoices(services, actor) : Promise.resolve([]),
    canEdit ? listBundles(services, actor, { pageSize: 200 }).then((p) => p.rows) : Promise.resolve([]),
  ]);
  return {
    kind: "client" as const,
    canEdit,
    clients,
    client,
    today: utcDay(services.now()),
    granted: today,
    targets: [
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
    ],
    ...page,
    sort: table.sort,
  };
}

export async function countryAccessCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const client = await chosenClient(request, context);
  if (!client) throw new Response(null, { status: 404 });
  const { table, status } = readQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCountryGrants(services, session.actor, {
      clientId: client.id,
      status,
      sort: table.sort as GrantSort,
      page,
      pageSize,
    }),
  );
  return csvResponse(
    "country-access",
    [
      "csv.column.id",
      "csv.column.kind",
      "csv.column.targetId",
      "studio.countryAccess.col.target",
      "studio.countryAccess.col.countries",
      "studio.countryAccess.col.validFrom",
      "studio.countryAccess.col.validUntil",
      "studio.countryAccess.col.status",
    ],
    rows.map((r) => [
      r.id,
      r.kind,
      r.targetId,
      r.targetName,
      r.countries.join(" "),
      r.validFrom,
      r.validUntil,
      r.status,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function countryAccessAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, COUNTRY_ACCESS_INTENTS);
  const toast = (key: Parameters<typeof messageRef>[0]) => ({
    toast: { kind: "success" as const, message: messageRef(key) },
  });
  switch (intent) {
    case "grant":
      return runForm(
        intent,
        form,
        grantCountryAccessSchema,
        (value) => grantCountryAccess(services, actor, value),
        () => toast("studio.countryAccess.toast.granted"),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateCountryAccessSchema,
        (value) => updateCountryAccess(services, actor, value),
        () => toast("studio.countryAccess.toast.updated"),
      );
    case "revoke":
      return runForm(
        intent,
        form,
        revokeCountryAccessSchema,
        (value) => revokeCountryAccess(services, actor, value),
        () => toast("studio.countryAccess.toast.revoked"),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
