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
import { formIntent, listRoute, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { catalogAction } from "./catalog-action.server.ts";

const attributeList = listRoute({
  sorts: ATTRIBUTE_SORTS,
  defaultSort: "code",
  filters: (params) => ({ category: readChoice(params, "category", ATTRIBUTE_CATEGORIES) }),
  list: listAttributeRows,
  csv: {
    name: "attributes",
    columns: [
      ["studio.attributes.col.code", "code"],
      ["studio.attributes.col.category", "category"],
      ["csv.column.nameEn", (r) => r.names.en],
      ["csv.column.nameNl", (r) => r.names.nl],
      ["studio.attributes.col.synonyms", (r) => r.synonyms.join("|")],
    ],
  },
});

export async function loadAttributes(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const canEdit = actor.isSuperAdmin;
  const [page, choices] = await Promise.all([
    attributeList.load(request, context),
    // Only an editor merges: nobody else needs every code.
    canEdit ? attributeChoices(services) : Promise.resolve([]),
  ]);
  return { ...page, canEdit, choices };
}

export const attributesCsv = attributeList.csv;

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
