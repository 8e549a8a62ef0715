// Rotation: a new key with the same settings; the old one keeps working for the chosen grace period
// (at most until its own expiry) so the client can deploy the new one. The new key is returned once.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { apiKeys } from "../../db/schema/access.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { assertMembershipAllows } from "../tenancy/client-admins.ts";
import { parseInput } from "../shared/input.ts";
import {
  ROTATION_GRACE,
  ROTATION_GRACE_CHOICES,
  ROTATION_GRACE_DEFAULT,
  type RotationGrace,
} from "./api-key-schemas.ts";
import { generateApiKey } from "../key-directory/key-format.ts";
import type { ApiKeyKind } from "../key-directory/key-directory-types.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  clientId: idSchema,
  keyId: idSchema,
  grace: z
    .enum(ROTATION_GRACE_CHOICES as [RotationGrace, ...RotationGrace[]], {
      error: "validation.choiceInvalid",
    })
    .default(ROTATION_GRACE_DEFAULT),
});

export type RotateApiKeyInput = z.input<typeof inputSchema>;

export type RotatedApiKey = {
  id: string;
  name: string;
  kind: ApiKeyKind;
  prefix: string;
  /** the new key in full: shown once, never stored */
  key: string;
  expiresAt: Date | null;
  oldKeyId: string;
  /** until when the old key still works */
  oldKeyExpiresAt: Date;
};

export async function rotateApiKey(
  services: Pick<AppServices, "db" | "apiKeys" | "now">,
  actor: Actor,
  input: RotateApiKeyInput,
): Promise<RotatedApiKey> {
  const { clientId, keyId, grace } = parseInput(inputSchema, input);
  requirePermission(actor, "keys.write", clientId);
  await assertMembershipAllows(services.db, actor, clientId, "keys.write");
  const at = services.now();
  const result = await services.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.clientId, clientId)))
      .for("update");
    if (!old) throw new AppError("not_found", "apiKeys.notFound");
    if (old.revokedAt || (old.expiresAt && old.expiresAt <= at))
      throw new AppError("conflict", "apiKeys.notActive");
    const [successor] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.rotatedFromId, keyId))
      .limit(1);
    if (successor) throw new AppError("conflict", "apiKeys.alreadyRotated");

    const graceEnd = new Date(at.getTime() + ROTATION_GRACE[grace]);
    const oldKeyExpiresAt = old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd;
    const generated = generateApiKey(old.kind);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        clientId,
        name: old.name,
        kind: old.kind,
        prefix: generated.prefix,
        hash: generated.hash,
        scopes: old.scopes,
        allowedCountries: old.allowedCountries,
        rateLimitPerMinute: old.rateLimitPerMinute,
        expiresAt: old.expiresAt,
        rotatedFromId: keyId,
        createdBy: actor.profileId,
      })
      .returning({ id: apiKeys.id });
    await tx.update(apiKeys).set({ expiresAt: oldKeyExpiresAt }).where(eq(apiKeys.id, keyId));
    await writeAuditLog(tx, actor, {
      action: "api_key.rotate",
      entityType: "api_key",
      entityId: keyId,
      clientId,
      before: { prefix: old.prefix, expiresAt: old.expiresAt?.toISOString() ?? null },
      after: {
        prefix: old.prefix,
        expiresAt: oldKeyExpiresAt.toISOString(),
        grace,
        replacedBy: row!.id,
        newPrefix: generated.prefix,
      },
    });
    return {
      id: row!.id,
      name: old.name,
      kind: old.kind,
      prefix: generated.prefix,
      key: generated.key,
      expiresAt: old.expiresAt,
      oldKeyId: keyId,
      oldKeyExpiresAt,
    };
  });
  await services.apiKeys.invalidate([keyId]);
  return result;
}
