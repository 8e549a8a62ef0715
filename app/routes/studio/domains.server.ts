// /studio/domains on the server: the effective client's registered domains, and the add / remove
// intents (each one core operation, which checks the permission itself).
import type { RouterContextProvider } from "react-router";
import { can } from "../../../core/access/permissions.ts";
import { addDomain } from "../../../core/domains/add-domain.ts";
import { addDomainSchema, removeDomainSchema } from "../../../core/domains/domain-schemas.ts";
import { listDomains } from "../../../core/domains/list-domains.ts";
import { removeDomain } from "../../../core/domains/remove-domain.ts";
import { AppError } from "../../../core/errors.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import { readForm, readIntent, runForm, unknownIntent, successToast } from "../../lib/form-action.server.ts";
import { readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

export const DOMAIN_INTENTS = ["add", "remove"] as const;

export async function loadDomains(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor, effectiveClient } = session;
  if (!effectiveClient) return { kind: "no-client" as const, isSuperAdmin: actor.isSuperAdmin };
  const table = readTableParams(new URL(request.url).searchParams, { sortKeys: [], defaultSort: "" });
  const page = await readPageClamped(
    (pageNumber) =>
      listDomains(services, actor, {
        clientId: effectiveClient.id,
        search: table.q || undefined,
        page: pageNumber,
        pageSize: table.pageSize,
      }),
    table.page,
  );
  return {
    kind: "client" as const,
    client: { id: effectiveClient.id, name: effectiveClient.name },
    canWrite: can(actor, "domains.write", effectiveClient.id),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    rows: page.rows.map((row) => ({
      id: row.id,
      hostname: row.hostname,
      wildcard: row.wildcard,
      createdAt: row.createdAt.toISOString(),
      createdByName: row.createdByName,
    })),
  };
}

export async function domainsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, DOMAIN_INTENTS);
  if (!intent) return unknownIntent();
  const requireClient = () => {
    const id = session.effectiveClient?.id;
    if (!id) throw new AppError("invalid_input", "apiKeys.noClient");
    return id;
  };
  switch (intent) {
    case "add":
      return runForm(
        intent,
        form,
        addDomainSchema,
        (value) => addDomain(services, actor, { clientId: requireClient(), hostname: value.hostname }),
        (added) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.domains.toast.added", { hostname: added.hostname }),
          },
          resetForm: true,
        }),
      );
    case "remove":
      return runForm(
        intent,
        form,
        removeDomainSchema,
        (value) => removeDomain(services, actor, { clientId: requireClient(), domainId: value.domainId }),
        (removed) => successToast("studio.domains.toast.removed", { hostname: removed.hostname }),
        { toastOnError: true },
      );
  }
}
