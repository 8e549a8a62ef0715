// Super admins create clients (/studio/config/clients). The slug defaults to one made from the name.
import { type ClientStatus } from "./tenancy-types.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { clearable, parseInput, slugify } from "../shared/input.ts";
import { emailSchema, nameSchema, notesSchema, slugSchema } from "../forms/fields.ts";
import { clientStatusSchema } from "./tenancy-schemas.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  name: nameSchema,
  slug: z.union([z.literal("").transform(() => undefined), slugSchema]).optional(),
  status: clientStatusSchema.default("active"),
  contactEmail: clearable(emailSchema),
  notes: clearable(notesSchema),
});

export type CreateClientInput = z.input<typeof inputSchema>;

export const SLUG_TAKEN = "tenancy.slugTaken" satisfies ErrorReason;

export type ClientRecord = {
  id: string;
  name: string;
  slug: string | null;
  status: ClientStatus;
  contactEmail: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const clientColumns = {
  id: clients.uuid,
  name: clients.name,
  slug: clients.slug,
  status: clients.status,
  contactEmail: clients.contactEmail,
  notes: clients.notes,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export async function createClient(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: CreateClientInput,
): Promise<ClientRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(inputSchema, input);
  const slug = data.slug ?? slugify(data.name);
  const slugCheck = slugSchema.safeParse(slug);
  if (!slugCheck.success) {
    throw new AppError("invalid_input", "tenancy.slugRequired", {
      fieldErrors: { slug: slugCheck.error.issues[0]?.message ?? messageRef("validation.slugRequired") },
    });
  }
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: clients.uuid })
        .from(clients)
        .where(eq(clients.slug, slug))
        .limit(1);
      if (taken)
        throw new AppError("conflict", SLUG_TAKEN, {
          fieldErrors: { slug: messageRef(`error.${SLUG_TAKEN}`) },
        });
      const [client] = await tx
        .insert(clients)
        .values({
          name: data.name,
          slug,
          status: data.status,
          contactEmail: data.contactEmail ?? null,
          notes: data.notes ?? null,
        })
        .returning(clientColumns);
      await writeAuditLog(tx, actor, {
        action: "client.create",
        entityType: "client",
        entityId: client!.id,
        clientId: client!.id,
        after: {
          name: client!.name,
          slug: client!.slug,
          status: client!.status,
          contactEmail: client!.contactEmail,
          notes: client!.notes,
        },
      });
      return client!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", SLUG_TAKEN, {
        fieldErrors: { slug: messageRef(`error.${SLUG_TAKEN}`) },
      });
    throw error;
  }
}
