// A client's admins register a domain their widget and publishable keys may be used from.
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { invalidateClientKeys } from "../key-directory/invalidate-client-keys.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { assertMembershipAllows } from "../tenancy/client-admins.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { parseInput } from "../shared/input.ts";
import { addDomainSchema, DOMAINS_PER_CLIENT_MAX } from "./domain-schemas.ts";
import { normalizeHostname } from "./hostname.ts";
import type { AppServices } from "../services.ts";

const inputSchema = addDomainSchema.extend({ clientId: idSchema });

export type AddDomainInput = z.input<typeof inputSchema>;

function duplicate() {
  return new AppError("conflict", "domains.duplicate", {
    fieldErrors: { hostname: messageRef("error.domains.duplicate") },
  });
}

export async function addDomain(
  services: Pick<AppServices, "db" | "apiKeys">,
  actor: Actor,
  input: AddDomainInput,
): Promise<{ id: string; hostname: string }> {
  const { clientId, hostname: typed } = parseInput(inputSchema, input);
  requirePermission(actor, "domains.write", clientId);
  const { db } = services;
  await assertMembershipAllows(db, actor, clientId, "domains.write");
  const normalized = normalizeHostname(typed);
  if (!normalized.ok)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { hostname: messageRef(`error.domains.${normalized.problem}`) },
    });
  const hostname = normalized.hostname;
  const [client] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, clientId));
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  const [existing] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.clientId, clientId), eq(domains.hostname, hostname)));
  if (existing) throw duplicate();
  const [held] = await db.select({ n: count() }).from(domains).where(eq(domains.clientId, clientId));
  if ((held?.n ?? 0) >= DOMAINS_PER_CLIENT_MAX)
    throw new AppError("conflict", "domains.tooMany", { values: { max: DOMAINS_PER_CLIENT_MAX } });

  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(domains)
        .values({ clientId, hostname, createdBy: actor.profileId })
        .returning({ id: domains.id });
      await writeAuditLog(tx, actor, {
        action: "domain.add",
        entityType: "domain",
        entityId: row!.id,
        clientId,
        after: { hostname },
      });
      return row!.id;
    });
  } catch (error) {
    // Two people adding the same domain at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  await invalidateClientKeys(services, clientId);
  return { id, hostname };
}
