// /studio/api-keys on the server: the effective client's keys (search, status and kind filters,
// sort, paging), and the key intents (create, revoke, rotate). Each intent parses the form with its
// core schema and calls one core operation, which checks the permission itself. A created or rotated
// key travels back once, in the action's answer, and is never stored in the clear.
import type { RouterContextProvider } from "react-router";
import { can } from "../../../core/access/permissions.ts";
import { listGrantedCountries } from "../../../core/country-access/list-granted-countries.ts";
import { createApiKey } from "../../../core/api-keys/create-api-key.ts";
import {
  API_KEY_KINDS,
  createApiKeySchema,
  expiryFromChoice,
  revokeApiKeySchema,
  rotateApiKeySchema,
} from "../../../core/api-keys/api-key-schemas.ts";
import {
  API_KEY_SORTS,
  API_KEY_STATUSES,
  listApiKeys,
  type ApiKeySort,
} from "../../../core/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../../core/api-keys/revoke-api-key.ts";
import { rotateApiKey } from "../../../core/api-keys/rotate-api-key.ts";
import { AppError } from "../../../core/errors.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import { readForm, readIntent, runForm, unknownIntent, successToast } from "../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

export const API_KEY_SORT_KEYS = [...new Set(API_KEY_SORTS.map((sort) => sort.replace(/^-/, "")))];
export const API_KEY_INTENTS = ["create", "revoke", "rotate"] as const;
export type ApiKeyIntent = (typeof API_KEY_INTENTS)[number];

/** What a create or rotate answers with, once: the full key. */
export type RevealedKey = {
  id: string;
  name: string;
  kind: "secret" | "publishable";
  key: string;
  /** rotation: until when the old key works (ISO) */
  oldKeyExpiresAt?: string;
};

export async function loadApiKeys(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor, effectiveClient } = session;
  if (!effectiveClient) return { kind: "no-client" as const, isSuperAdmin: actor.isSuperAdmin };
  const url = new URL(request.url);
  const table = readTableParams(url.searchParams, { sortKeys: API_KEY_SORT_KEYS, defaultSort: "-createdAt" });
  const status = readChoice(url.searchParams, "status", API_KEY_STATUSES);
  const kind = readChoice(url.searchParams, "kind", API_KEY_KINDS);
  const clientId = effectiveClient.id;
  const canWrite = can(actor, "keys.write", clientId);
  const [page, countries] = await Promise.all([
    readPageClamped(
      (pageNumber) =>
        listApiKeys(services, actor, {
          clientId,
          search: table.q || undefined,
          status,
          kind,
          sort: table.sort as ApiKeySort,
          page: pageNumber,
          pageSize: table.pageSize,
        }),
      table.page,
    ),
    canWrite ? listGrantedCountries(services, actor, clientId) : Promise.resolve([]),
  ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    kind: "client" as const,
    client: { id: clientId, name: effectiveClient.name },
    canWrite,
    countries,
    rows: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      prefix: row.prefix,
      countries: row.countries,
      rateLimitPerMinute: row.rateLimitPerMinute,
      createdAt: row.createdAt.toISOString(),
      createdByName: row.createdByName,
      expiresAt: iso(row.expiresAt),
      lastUsedAt: iso(row.lastUsedAt),
      status: row.status,
      replacedByPrefix: row.replacedBy?.prefix ?? null,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
  };
}

export async function apiKeysAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, API_KEY_INTENTS);
  if (!intent) return unknownIntent();
  const clientId = session.effectiveClient?.id;
  const requireClient = () => {
    if (!clientId) throw new AppError("invalid_input", "apiKeys.noClient");
    return clientId;
  };
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createApiKeySchema,
        (value) =>
          createApiKey(services, actor, {
            clientId: requireClient(),
            kind: value.kind,
            name: value.name,
            expiresAt: expiryFromChoice(value.expiry, services.now()),
            rateLimitPerMinute: value.rateLimitPerMinute,
            countries: value.countries,
          }),
        (created) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.apiKeys.toast.created", { name: created.name }),
          },
          payload: {
            id: created.id,
            name: created.name,
            kind: created.kind,
            key: created.key,
          } satisfies RevealedKey,
          // No resetForm: that reply carries no status, and the page reveals the key on a success.
        }),
      );
    case "revoke":
      return runForm(
        intent,
        form,
        revokeApiKeySchema,
        (value) => revokeApiKey(services, actor, { clientId: requireClient(), keyId: value.keyId }),
        (revoked) =>
          successToast(
            revoked.revoked ? "studio.apiKeys.toast.revoked" : "studio.apiKeys.toast.alreadyRevoked",
            {
              name: revoked.name,
            },
          ),
        { toastOnError: true },
      );
    case "rotate":
      return runForm(
        intent,
        form,
        rotateApiKeySchema,
        (value) =>
          rotateApiKey(services, actor, {
            clientId: requireClient(),
            keyId: value.keyId,
            grace: value.grace,
          }),
        (rotated) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.apiKeys.toast.rotated", { name: rotated.name }),
          },
          payload: {
            id: rotated.id,
            name: rotated.name,
            kind: rotated.kind,
            key: rotated.key,
            oldKeyExpiresAt: rotated.oldKeyExpiresAt.toISOString(),
          } satisfies RevealedKey,
        }),
        { toastOnError: true },
      );
  }
}
