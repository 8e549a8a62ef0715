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
import { formIntent, listRoute, namedToast, studioActor } from "../../../lib/list-route.server.ts";
import { catalogAction } from "./catalog-action.server.ts";
import { loadFeeds } from "./feeds.server.ts";

const chainList = listRoute({
  sorts: CHAIN_SORTS,
  defaultSort: "name",
  filters: (params) => {
    const country = params.get("country")?.trim().toUpperCase();
    // A code that is not one shows every chain rather than an error page.
    return { country: country && /^[A-Z]{2}$/.test(country) ? country : undefined };
  },
  list: listCinemaChains,
  csv: {
    name: "cinema-chains",
    columns: [
      "id",
      ["studio.chains.col.name", "name"],
      ["studio.chains.col.slug", "slug"],
      ["studio.chains.col.website", "website"],
      "wikidataId",
      ["studio.chains.col.countries", (r) => r.countries.join("|")],
      ["studio.chains.col.cinemas", "cinemas"],
    ],
  },
});

export async function loadCinemaChains(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const canEdit = actor.isSuperAdmin;
  const [page, countries, choices, feeds] = await Promise.all([
    chainList.load(request, context),
    countryChoices(services),
    canEdit ? chainChoices(services) : Promise.resolve([]),
    loadFeeds(services, actor, new URL(request.url), "chainId"),
  ]);
  return { ...page, canEdit, countries, choices, feeds };
}

export const cinemaChainsCsv = chainList.csv;

const CHAIN_INTENTS = {
  create: formIntent(createChainSchema, createChain, namedToast("studio.chains.toast.created")),
  update: formIntent(updateChainSchema, updateChain, namedToast("studio.chains.toast.saved")),
  merge: formIntent(mergeChainsSchema, mergeChains, ({ mergedName, survivor, cinemasMoved }) =>
    successToast("studio.chains.toast.merged", {
      from: mergedName,
      into: survivor.name,
      count: cinemasMoved,
    }),
  ),
  delete: formIntent(deleteChainSchema, deleteChain, namedToast("studio.chains.toast.deleted"), {
    toastOnError: true,
  }),
};

export const cinemaChainsAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, CHAIN_INTENTS, { feeds: true });
