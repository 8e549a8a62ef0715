// /studio/data/cinema-chains on the server: the list (search, country filter, sort, paging, CSV, cinemas
// per chain) for every signed-in user, and the super admin's intents: create, update, merge, delete.
import type { RouterContextProvider } from "react-router";
import { createChain } from "../../../../core/catalog/cinemas/create-chain.ts";
import { deleteChain } from "../../../../core/catalog/cinemas/delete-chain.ts";
import {
  createChainSchema,
  deleteChainSchema,
  mergeChainsSchema,
  updateChainSchema,
} from "../../../../core/catalog/catalog-schemas.ts";
import {
  CHAIN_SORTS,
  chainChoices,
  countryChoices,
  listCinemaChains,
} from "../../../../core/catalog/cinemas/list-cinema-chains.ts";
import { mergeChains } from "../../../../core/catalog/cinemas/merge-chains.ts";
import { updateChain } from "../../../../core/catalog/cinemas/update-chain.ts";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { readForm, readIntent, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, loadListPage, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { FEED_INTENTS, feedsAction, loadFeeds } from "./feeds.server.ts";

const SORT_KEYS = [...new Set(CHAIN_SORTS.map((s) => s.replace(/^-/, "")))];

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
  const { services, actor } = studioActor(context);
  const { table, input } = readChainQuery(new URL(request.url));
  const canEdit = actor.isSuperAdmin;
  const [page, countries, choices, feeds] = await Promise.all([
    loadListPage((page, pageSize) => listCinemaChains(services, actor, { ...input, page, pageSize }), table),
    countryChoices(services),
    canEdit ? chainChoices(services) : Promise.resolve([]),
    loadFeeds(services, actor, new URL(request.url), "chainId"),
  ]);
  return { ...page, canEdit, countries, choices, feeds };
}

export async function cinemaChainsCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { input } = readChainQuery(new URL(request.url));
  return listCsv(request, services, {
    name: "cinema-chains",
    columns: [
      "csv.column.id",
      "studio.chains.col.name",
      "studio.chains.col.slug",
      "studio.chains.col.website",
      "csv.column.wikidataId",
      "studio.chains.col.countries",
      "studio.chains.col.cinemas",
    ],
    read: (page, pageSize) => listCinemaChains(services, actor, { ...input, page, pageSize }),
    cells: (r) => [r.id, r.name, r.slug, r.website, r.wikidataId, r.countries.join("|"), r.cinemas],
  });
}

const CHAIN_INTENTS = {
  create: formIntent(createChainSchema, createChain, (chain) =>
    successToast("studio.chains.toast.created", { name: chain.name }),
  ),
  update: formIntent(updateChainSchema, updateChain, (chain) => ({
    toast: { kind: "success", message: messageRef("studio.chains.toast.saved", { name: chain.name }) },
  })),
  merge: formIntent(mergeChainsSchema, mergeChains, (result) =>
    successToast("studio.chains.toast.merged", {
      from: result.mergedName,
      into: result.survivor.name,
      count: result.cinemasMoved,
    }),
  ),
  delete: formIntent(
    deleteChainSchema,
    deleteChain,
    (result) => successToast("studio.chains.toast.deleted", { name: result.name }),
    { toastOnError: true },
  ),
};

export async function cinemaChainsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const feedIntent = readIntent(form, FEED_INTENTS);
  if (feedIntent) return feedsAction(feedIntent, form, services, actor);
  return runIntent(form, CHAIN_INTENTS, services, actor);
}
