// A client admin (or a super admin) creates an API key. The full key is returned once and never
// stored: the database keeps its SHA-256 and its first characters.
import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { assertMembershipAllows } from "../tenancy/client-admins.ts";
import { parseInput } from "../shared/input.ts";
import {
  API_KEY_MAX_LIFETIME_DAYS,
  API_KEYS_PER_CLIENT_MAX,
  apiKeyKindSchema,
  apiKeyNameSchema,
  countrySubsetSchema,
  RATE_LIMIT_DEFAULT,
  rateLimitSchema,
} from "./api-key-schemas.ts";
import { generateApiKey } from "../key-directory/key-format.ts";
import type { ApiKeyKind } from "../key-directory/key-directory-types.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  clientId: idSchema,
  kind: apiKeyKindSchema,
  name: apiKeyNameSchema,
  expiresAt: z.date().nullable().default(null),
  rateLimitPerMinute: rateLimitSchema.default(RATE_LIMIT_DEFAULT),
  countries: countrySubsetSchema.default([]),
});

export type CreateApiKeyInput = z.input<typeof inputSchema>;

export type CreatedApiKey = {
  id: string;
  name: string;
  kind: ApiKeyKind;
  prefix: string;
  /** the full key: shown once, never stored */
  key: string;
  expiresAt: Date | null;
};

/** The expiry must lie ahead and within the longest lifetime (a day of slack for clocks and forms). */
export function checkExpiry(expiresAt: Date | null, now: Date) {
  if (!expiresAt) return;
  if (expiresAt.getTime() <= now.getTime())
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { expiry: messageRef("error.apiKeys.expiryPast") },
    });
  if (expiresAt.getTime() > now.getTime() + (API_KEY_MAX_LIFETIME_DAYS + 1) * 86_400_000)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { expiry: messageRef("error.apiKeys.expiryTooFar") },
    });
}

/** A key's country subset must lie within what the client is granted today. */
export async function checkCountrySubset(
  db: Database,
  clientId: string,
  subset: readonly string[],
  now: Date,
) {
  if (subset.length === 0) return;
  const granted = new Set(await grantedCountries(db, clientId, utcDay(now)));
  const outside = subset.filter((code) => !granted.has(code));
  if (outside.length > 0)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        countries: messageRef("error.apiKeys.countryNotGranted", { countries: outside.join(", ") }),
      },
    });
}

export async function createApiKey(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const value = parseInput(inputSchema, input);
  requirePermission(actor, "keys.write", value.clientId);
  await assertMembershipAllows(db, actor, value.clientId, "keys.write");
  const at = now();
  checkExpiry(value.expiresAt, at);
  const [client] = await db
    .select({ id: clients.uuid })
    .from(clients)
    .where(eq(clients.uuid, value.clientId));
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  await checkCountrySubset(db, value.clientId, value.countries, at);
  const [held] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.clientId, value.clientId), isNull(apiKeys.revokedAt)));
  if ((held?.n ?? 0) >= API_KEYS_PER_CLIENT_MAX)
    throw new AppError("conflict", "apiKeys.tooMany", { values: { max: API_KEYS_PER_CLIENT_MAX } });

  const generated = generateApiKey(value.kind);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        clientId: value.clientId,
        name: value.name,
        kind: value.kind,
        prefix: generated.prefix,
        hash: generated.hash,
        allowedCountries: value.countries,
        rateLimitPerMinute: value.rateLimitPerMinute,
        expiresAt: value.expiresAt,
        createdBy: actor.profileId,
      })
      .returning({ id: apiKeys.id });
    const id = row!.id;
    await writeAuditLog(tx, actor, {
      action: "api_key.create",
      entityType: "api_key",
      entityId: id,
      clientId: value.clientId,
      // Never the key or its hash.
      after: {
        name: value.name,
        kind: value.kind,
        prefix: generated.prefix,
        rateLimitPerMinute: value.rateLimitPerMinute,
        countries: value.countries,
        expiresAt: value.expiresAt?.toISOString() ?? null,
      },
    });
    return {
      id,
      name: value.name,
      kind: value.kind,
      prefix: generated.prefix,
      key: generated.key,
      expiresAt: value.expiresAt,
    };
  });
}
