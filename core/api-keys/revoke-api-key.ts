// A client admin (or a super admin) revokes a key: it stops working at once, on every instance.
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
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema, keyId: idSchema });

export type RevokeApiKeyInput = z.input<typeof inputSchema>;

export async function revokeApiKey(
  services: Pick<AppServices, "db" | "apiKeys" | "now">,
  actor: Actor,
  input: RevokeApiKeyInput,
): Promise<{ id: string; name: string; revoked: boolean }> {
  const { clientId, keyId } = parseInput(inputSchema, input);
  requirePermission(actor, "keys.write", clientId);
  await assertMembershipAllows(services.db, actor, clientId, "keys.write");
  const result = await services.db.transaction(async (tx) => {
    const where = and(eq(apiKeys.id, keyId), eq(apiKeys.clientId, clientId));
    const [key] = await tx
      .select({ name: apiKeys.name, prefix: apiKeys.prefix, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(where)
      .for("update");
    if (!key) throw new AppError("not_found", "apiKeys.notFound");
    if (key.revokedAt) return { id: keyId, name: key.name, revoked: false };
    const at = services.now();
    await tx.update(apiKeys).set({ revokedAt: at }).where(where);
    await writeAuditLog(tx, actor, {
      action: "api_key.revoke",
      entityType: "api_key",
      entityId: keyId,
      clientId,
      before: { revokedAt: null },
      after: { name: key.name, prefix: key.prefix, revokedAt: at.toISOString() },
    });
    return { id: keyId, name: key.name, revoked: true };
  });
  // Even when it was revoked already: a stale cache entry elsewhere goes too.
  await services.apiKeys.invalidate([keyId]);
  return result;
}
