// /studio/data/cinema-chains on the server: the list (search, country filter, sort, paging, CSV, cinemas
// per chain) for every signed-in user, and the super admin's intents: create, update, merge, delete.
import type { RouterContextProvider } from "react-router";
import { createChain } from "../../../../core/catalog/create-chain.ts";
import { deleteChain } from "../../../../core/catalog/delete-chain.ts";
import {
  createChainSchema,
  deleteChainSchema,
  mergeChainsSchema,
  updateChainSchema,
} from "../../../../core/catalog/forms.ts";
import {
  CHAIN_SORTS,
  chainChoices,
  countryChoices,
  listCinemaChains,
} from "../../../../core/catalog/list-cinema-chains.ts";
import { mergeChains } from "../../../../core/catalog/merge-chains.ts";
import { updateChain } from "../../../../core/catalog/update-chain.ts";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import {
  readForm,
  readIntent,
  runForm,
  unknownIntent,
  successToast,
} from "../../../lib/form-action.server.ts";
import { readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { FEED_INTENTS, feedsAction, loadFeeds } from "./feeds.server.ts";

const SORT_KEYS = [...new Set(CHAIN_SORTS.map((s) => s.replace(/^-/, "")))];
export const CHAIN_INTENTS = ["create", "update", "merge", "delete"] as const;

function readChainQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "name" });
  const country = url.searchParams.get("country")?.trim().toUpperCase();
  return {
    table,
    input: {
      search: table.q || undefined,
      // A code that is not one shows every chain rather than an error page.
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      sort: table.sort as (typeof CHAIN_SORTS)[number],
    },
  };
}

export async function loadCinemaChains(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { table, input } = readChainQuery(new URL(request.url));
  const canEdit = session.actor.isSuperAdmin;
  const [page, countries, choices, feeds] = await Promise.all([
    readPageClamped(
      (n) => listCinemaChains(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    countryChoices(services),
    canEdit ? chainChoices(services) : Promise.resolve([]),
    loadFeeds(services, session.actor, new URL(request.url), "chainId"),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    canEdit,
    countries,
    choices,
    feeds,
  };
}

export async function cinemaChainsCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readChainQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCinemaChains(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "cinema-chains",
    [
      "csv.column.id",
      "studio.chains.col.name",
      "studio.chains.col.slug",
      "studio.chains.col.website",
      "csv.column.wikidataId",
      "studio.chains.col.countries",
      "studio.chains.col.cinemas",
    ],
    rows.map((r) => [r.id, r.name, r.slug, r.website, r.wikidataId, r.countries.join("|"), r.cinemas]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function cinemaChainsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const feedIntent = readIntent(form, FEED_INTENTS);
  if (feedIntent) return feedsAction(feedIntent, form, services, actor);
  const intent = readIntent(form, CHAIN_INTENTS);
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createChainSchema,
        (value) => createChain(services, actor, value),
        (chain) => successToast("studio.chains.toast.created", { name: chain.name }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateChainSchema,
        (value) => updateChain(services, actor, value),
        (chain) => ({
          toast: { kind: "success", message: messageRef("studio.chains.toast.saved", { name: chain.name }) },
        }),
      );
    case "merge":
      return runForm(
        intent,
        form,
        mergeChainsSchema,
        (value) => mergeChains(services, actor, value),
        (result) =>
          successToast("studio.chains.toast.merged", {
            from: result.mergedName,
            into: result.survivor.name,
            count: result.cinemasMoved,
          }),
      );
    case "delete":
      return runForm(
        intent,
        form,
        deleteChainSchema,
        (value) => deleteChain(services, actor, value),
        (result) => successToast("studio.chains.toast.deleted", { name: result.name }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
