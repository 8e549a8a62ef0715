// A client's admins remove a registered domain; keys in use from it stop working there at once.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "../../db/schema/access.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { invalidateClientKeys } from "../key-directory/invalidate-client-keys.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { assertMembershipAllows } from "../tenancy/client-admins.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema, domainId: idSchema });

export type RemoveDomainInput = z.input<typeof inputSchema>;

export async function removeDomain(
  services: Pick<AppServices, "db" | "apiKeys">,
  actor: Actor,
  input: RemoveDomainInput,
): Promise<{ id: string; hostname: string }> {
  const { clientId, domainId } = parseInput(inputSchema, input);
  requirePermission(actor, "domains.write", clientId);
  const { db } = services;
  await assertMembershipAllows(db, actor, clientId, "domains.write");
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(domains)
      .where(and(eq(domains.id, domainId), eq(domains.clientId, clientId)))
      .returning({ id: domains.id, hostname: domains.hostname });
    if (!row) throw new AppError("not_found", "domains.notFound");
    await writeAuditLog(tx, actor, {
      action: "domain.remove",
      entityType: "domain",
      entityId: row.id,
      clientId,
      before: { hostname: row.hostname },
    });
    return row;
  });
  await invalidateClientKeys(services, clientId);
  return removed;
}
