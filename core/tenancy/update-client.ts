// Super admins edit a client: name, slug, status, contact e-mail, notes (only the fields given change).
// Cached API key lookups carry the client's status: every change drops them, so a suspension stops
// the client's keys at once, on every instance.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { invalidateClientKeys } from "../key-directory/invalidate-client-keys.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { type ClientRecord, clientColumns, SLUG_TAKEN } from "./create-client.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { clearable, parseInput } from "../shared/input.ts";
import { emailSchema, idSchema, nameSchema, notesSchema, slugSchema } from "../forms/fields.ts";
import { clientStatusSchema } from "./tenancy-schemas.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  clientId: idSchema,
  name: nameSchema.optional(),
  slug: slugSchema.optional(),
  status: clientStatusSchema.optional(),
  contactEmail: clearable(emailSchema),
  notes: clearable(notesSchema),
});

export type UpdateClientInput = z.input<typeof inputSchema>;

type Editable = "name" | "slug" | "status" | "contactEmail" | "notes";
const EDITABLE: Editable[] = ["name", "slug", "status", "contactEmail", "notes"];

export async function updateClient(
  services: Pick<AppServices, "db" | "apiKeys">,
  actor: Actor,
  input: UpdateClientInput,
): Promise<ClientRecord> {
  requireSuperAdmin(actor);
  const { clientId, ...fields } = parseInput(inputSchema, input);
  const updated = await writeClientChanges(services.db, actor, clientId, fields);
  if (updated.changed) await invalidateClientKeys(services, clientId);
  return updated.client;
}

async function writeClientChanges(
  db: Database,
  actor: Actor,
  clientId: string,
  fields: Omit<z.output<typeof inputSchema>, "clientId">,
): Promise<{ client: ClientRecord; changed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select(clientColumns)
        .from(clients)
        .where(eq(clients.uuid, clientId))
        .for("update");
      if (!current) throw new AppError("not_found", "tenancy.clientNotFound");
      const changes: Partial<Pick<ClientRecord, Editable>> = {};
      const before: Record<string, unknown> = {};
      for (const key of EDITABLE) {
        const value = fields[key];
        if (value === undefined || value === current[key]) continue;
        Object.assign(changes, { [key]: value });
        before[key] = current[key];
      }
      if (Object.keys(changes).length === 0) return { client: current, changed: false };
      if (changes.slug) {
        const [taken] = await tx
          .select({ id: clients.uuid })
          .from(clients)
          .where(eq(clients.slug, changes.slug))
          .limit(1);
        if (taken)
          throw new AppError("conflict", SLUG_TAKEN, {
            fieldErrors: { slug: messageRef(`error.${SLUG_TAKEN}`) },
          });
      }
      const [updated] = await tx
        .update(clients)
        .set(changes)
        .where(eq(clients.uuid, clientId))
        .returning(clientColumns);
      await writeAuditLog(tx, actor, {
        action: "client.update",
        entityType: "client",
        entityId: clientId,
        clientId,
        before,
        after: changes,
      });
      return { client: updated!, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", SLUG_TAKEN, {
        fieldErrors: { slug: messageRef(`error.${SLUG_TAKEN}`) },
      });
    throw error;
  }
}
