// One API key looked up by its hash (the key row, its client's status, granted countries and domains),
// and the check of what was found against the clock.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { apiKeys, domains } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import type { ApiKeyCheck, ApiKeyKind, ApiKeyPrincipal } from "./key-directory-types.ts";

/** What a lookup found: the key's row as far as the check needs it, or nothing. */
export type FoundApiKey = {
  keyId: string;
  clientId: string;
  kind: ApiKeyKind;
  prefix: string;
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  clientSuspended: boolean;
  countries: readonly string[];
  domains: readonly string[];
};

/** Whether a found key may call now: revoked, expired and suspended are judged against `at`. */
export function checkFoundKey(found: FoundApiKey | null, at: Date): ApiKeyCheck {
  if (!found) return { ok: false, refusal: "unknown" };
  if (found.revokedAt) return { ok: false, refusal: "revoked" };
  if (found.expiresAt && found.expiresAt <= at) return { ok: false, refusal: "expired" };
  if (found.clientSuspended) return { ok: false, refusal: "client-suspended" };
  const principal: ApiKeyPrincipal = {
    keyId: found.keyId,
    clientId: found.clientId,
    kind: found.kind,
    prefix: found.prefix,
    rateLimitPerMinute: found.rateLimitPerMinute,
    expiresAt: found.expiresAt,
    countries: found.countries,
    domains: found.domains,
  };
  return { ok: true, principal };
}

export async function lookUpApiKey(db: Database, hash: string, at: Date): Promise<FoundApiKey | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      clientId: apiKeys.clientId,
      kind: apiKeys.kind,
      prefix: apiKeys.prefix,
      rateLimitPerMinute: apiKeys.rateLimitPerMinute,
      allowedCountries: apiKeys.allowedCountries,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      clientStatus: clients.status,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.uuid, apiKeys.clientId))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  if (!row) return null;
  const [granted, hosts] = await Promise.all([
    grantedCountries(db, row.clientId, utcDay(at)),
    db
      .select({ hostname: domains.hostname })
      .from(domains)
      .where(eq(domains.clientId, row.clientId))
      .orderBy(domains.hostname),
  ]);
  const subset = new Set(row.allowedCountries.map((c) => c.toUpperCase()));
  return {
    keyId: row.keyId,
    clientId: row.clientId,
    kind: row.kind,
    prefix: row.prefix,
    rateLimitPerMinute: row.rateLimitPerMinute,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    clientSuspended: row.clientStatus === "suspended",
    countries: subset.size === 0 ? granted : granted.filter((c) => subset.has(c)),
    domains: hosts.map((h) => h.hostname),
  };
}
