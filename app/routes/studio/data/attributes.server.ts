// /studio/data/attributes on the server: the list (search, category filter, sort, paging, CSV) for every
// signed-in user, and the super admin's intents: create, update, merge, delete.
import type { RouterContextProvider } from "react-router";
import { createAttribute } from "../../../../core/catalog/create-attribute.ts";
import { deleteAttribute } from "../../../../core/catalog/delete-attribute.ts";
import {
  ATTRIBUTE_CATEGORIES,
  createAttributeSchema,
  deleteAttributeSchema,
  mergeAttributesSchema,
  updateAttributeSchema,
} from "../../../../core/catalog/forms.ts";
import {
  ATTRIBUTE_SORTS,
  attributeChoices,
  listAttributeRows,
} from "../../../../core/catalog/list-attribute-rows.ts";
import { mergeAttributes } from "../../../../core/catalog/merge-attributes.ts";
import { updateAttribute } from "../../../../core/catalog/update-attribute.ts";
import {
  readForm,
  readIntent,
  runForm,
  unknownIntent,
  successToast,
} from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";

const SORT_KEYS = [...new Set(ATTRIBUTE_SORTS.map((s) => s.replace(/^-/, "")))];
export const ATTRIBUTE_INTENTS = ["create", "update", "merge", "delete"] as const;

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
  const { services, session } = studioRequest(context);
  const { table, input } = readAttributeQuery(new URL(request.url));
  const canEdit = session.actor.isSuperAdmin;
  const [page, choices] = await Promise.all([
    readPageClamped(
      (n) => listAttributeRows(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    // Only an editor merges: nobody else needs every code.
    canEdit ? attributeChoices(services) : Promise.resolve([]),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    canEdit,
    choices,
  };
}

export async function attributesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readAttributeQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listAttributeRows(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "attributes",
    [
      "studio.attributes.col.code",
      "studio.attributes.col.category",
      "csv.column.nameEn",
      "csv.column.nameNl",
      "studio.attributes.col.synonyms",
    ],
    rows.map((r) => [r.code, r.category, r.names.en, r.names.nl, r.synonyms.join("|")]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function attributesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, ATTRIBUTE_INTENTS);
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createAttributeSchema,
        (value) => createAttribute(services, actor, value),
        (attribute) => successToast("studio.attributes.toast.created", { code: attribute.code }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateAttributeSchema,
        (value) => updateAttribute(services, actor, value),
        (attribute) => successToast("studio.attributes.toast.saved", { code: attribute.code }),
      );
    case "merge":
      return runForm(
        intent,
        form,
        mergeAttributesSchema,
        (value) => mergeAttributes(services, actor, value),
        (result) =>
          successToast("studio.attributes.toast.merged", {
            from: result.mergedCode,
            into: result.survivor.code,
            count: result.showtimesChanged,
          }),
      );
    case "delete":
      return runForm(
        intent,
        form,
        deleteAttributeSchema,
        (value) => deleteAttribute(services, actor, value),
        (result) => successToast("studio.attributes.toast.deleted", { code: result.code }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
