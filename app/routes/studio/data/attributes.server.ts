// /studio/data/attributes on the server: the list (search, category filter, sort, paging, CSV) for every
// signed-in user, and the super admin's intents: create, update, merge, delete.
import type { RouterContextProvider } from "react-router";
import { createAttribute } from "../../../../core/catalog/attributes/create-attribute.ts";
import { deleteAttribute } from "../../../../core/catalog/attributes/delete-attribute.ts";
import {
  ATTRIBUTE_CATEGORIES,
  createAttributeSchema,
  deleteAttributeSchema,
  mergeAttributesSchema,
  updateAttributeSchema,
} from "../../../../core/catalog/catalog-schemas.ts";
import {
  ATTRIBUTE_SORTS,
  attributeChoices,
  listAttributeRows,
} from "../../../../core/catalog/attributes/list-attribute-rows.ts";
import { mergeAttributes } from "../../../../core/catalog/attributes/merge-attributes.ts";
import { updateAttribute } from "../../../../core/catalog/attributes/update-attribute.ts";
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, loadListPage, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { catalogAction } from "./catalog-action.server.ts";

const SORT_KEYS = [...new Set(ATTRIBUTE_SORTS.map((s) => s.replace(/^-/, "")))];

function readAttributeQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "code" });
  return {
    table,
    input: {
      search: table.q || undefined,
      category: readChoice(url.searchParams, "category", ATTRIBUTE_CATEGORIES),
      sort: table.sort as (typeof ATTRIBUTE_SORTS)[number],
    },
  };
}

export async function loadAttributes(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { table, input } = readAttributeQuery(new URL(request.url));
  const canEdit = actor.isSuperAdmin;
  const [page, choices] = await Promise.all([
    loadListPage((page, pageSize) => listAttributeRows(services, actor, { ...input, page, pageSize }), table),
    // Only an editor merges: nobody else needs every code.
    canEdit ? attributeChoices(services) : Promise.resolve([]),
  ]);
  return { ...page, canEdit, choices };
}

export async function attributesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { input } = readAttributeQuery(new URL(request.url));
  return listCsv(request, services, {
    name: "attributes",
    read: (page, pageSize) => listAttributeRows(services, actor, { ...input, page, pageSize }),
    columns: [
      ["studio.attributes.col.code", (r) => r.code],
      ["studio.attributes.col.category", (r) => r.category],
      ["csv.column.nameEn", (r) => r.names.en],
      ["csv.column.nameNl", (r) => r.names.nl],
      ["studio.attributes.col.synonyms", (r) => r.synonyms.join("|")],
    ],
  });
}

const ATTRIBUTE_INTENTS = {
  create: formIntent(createAttributeSchema, createAttribute, (attribute) =>
    successToast("studio.attributes.toast.created", { code: attribute.code }),
  ),
  update: formIntent(updateAttributeSchema, updateAttribute, (attribute) =>
    successToast("studio.attributes.toast.saved", { code: attribute.code }),
  ),
  merge: formIntent(mergeAttributesSchema, mergeAttributes, (result) =>
    successToast("studio.attributes.toast.merged", {
      from: result.mergedCode,
      into: result.survivor.code,
      count: result.showtimesChanged,
    }),
  ),
  delete: formIntent(
    deleteAttributeSchema,
    deleteAttribute,
    (result) => successToast("studio.attributes.toast.deleted", { code: result.code }),
    { toastOnError: true },
  ),
};

export const attributesAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, ATTRIBUTE_INTENTS);
