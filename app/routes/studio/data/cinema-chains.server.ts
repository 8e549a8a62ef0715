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
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, loadListPage, studioActor } from "../../../lib/list-route.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { catalogAction } from "./catalog-action.server.ts";
import { loadFeeds } from "./feeds.server.ts";

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
    read: (page, pageSize) => listCinemaChains(services, actor, { ...input, page, pageSize }),
    columns: [
      ["csv.column.id", (r) => r.id],
      ["studio.chains.col.name", (r) => r.name],
      ["studio.chains.col.slug", (r) => r.slug],
      ["studio.chains.col.website", (r) => r.website],
      ["csv.column.wikidataId", (r) => r.wikidataId],
      ["studio.chains.col.countries", (r) => r.countries.join("|")],
      ["studio.chains.col.cinemas", (r) => r.cinemas],
    ],
  });
}

const CHAIN_INTENTS = {
  create: formIntent(createChainSchema, createChain, (chain) =>
    successToast("studio.chains.toast.created", { name: chain.name }),
  ),
  update: formIntent(updateChainSchema, updateChain, (chain) =>
    successToast("studio.chains.toast.saved", { name: chain.name }),
  ),
  merge: formIntent(mergeChainsSchema, mergeChains, ({ mergedName, survivor, cinemasMoved }) =>
    successToast("studio.chains.toast.merged", {
      from: mergedName,
      into: survivor.name,
      count: cinemasMoved,
    }),
  ),
  delete: formIntent(
    deleteChainSchema,
    deleteChain,
    (result) => successToast("studio.chains.toast.deleted", { name: result.name }),
    { toastOnError: true },
  ),
};

export const cinemaChainsAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, CHAIN_INTENTS, { feeds: true });
