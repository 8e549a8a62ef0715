// Super admins remove a feed. Its showtimes stay (they are the cinema's programme) but lose their link to
// the feed, so no later run cancels or updates them; its runs and uploaded file go with it. The
// confirmation says how many showtimes that is.
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { sources } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput } from "../../shared/input.ts";
import { findSourceForUpdate, scheduleSource, type SourceServices } from "./sources.ts";

export const deleteSourceSchema = z.object({ id: idSchema });

export async function deleteSource(
  services: SourceServices,
  actor: Actor,
  input: z.input<typeof deleteSourceSchema>,
): Promise<{ id: string; name: string; showtimes: number }> {
  requireSuperAdmin(actor);
  const { id } = parseInput(deleteSourceSchema, input);
  const deleted = await services.db.transaction(async (tx) => {
    const { credentialsEncrypted, ...current } = await findSourceForUpdate(tx, id);
    const [kept] = await tx.select({ n: count() }).from(showtimes).where(eq(showtimes.sourceId, id));
    await tx.delete(sources).where(eq(sources.id, id));
    await writeAuditLog(tx, actor, {
      action: "ingest.source.delete",
      entityType: "source",
      entityId: id,
      clientId: null,
      before: { ...current, hasCredentials: Boolean(credentialsEncrypted), showtimes: Number(kept?.n ?? 0) },
    });
    return { id, name: current.name, showtimes: Number(kept?.n ?? 0) };
  });
  await scheduleSource(services, null, id);
  return deleted;
}
