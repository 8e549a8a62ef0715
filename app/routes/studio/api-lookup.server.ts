// /studio/api-lookup on the server: the effective client's keys that still work (active, or rotated and
// inside their grace period), for the console's key picker. Never a key's value: the server does not
// have it (only its hash), and the console sends it from the browser straight to the API.
import type { RouterContextProvider } from "react-router";
import { can } from "../../../core/access/permissions.ts";
import { listApiKeys } from "../../../core/api-keys/list-api-keys.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

/** More keys than a client keeps in practice; the picker lists the usable ones among them. */
const KEY_LIMIT = 200;

export async function loadApiLookup(context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const clientId = actor.effectiveClientId;
  if (!clientId) return { kind: "no-client" as const, superAdmin: actor.isSuperAdmin };
  const page = await listApiKeys(services, actor, { clientId, pageSize: KEY_LIMIT, sort: "name" });
  return {
    kind: "console" as const,
    keys: page.rows
      .filter((key) => key.status === "active" || key.status === "expiring")
      .map((key) => ({
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        kind: key.kind,
        status: key.status,
        expiresAt: key.expiresAt?.toISOString() ?? null,
      })),
    canCreateKeys: can(actor, "keys.write"),
  };
}
