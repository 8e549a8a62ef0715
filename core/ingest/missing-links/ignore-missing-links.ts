// "Not a film": super admins set aside feed titles that are no movie (a festival pass, a quiz night).
// Open titles only; one audit row per title. Nothing public changes, so no cache to invalidate.
import { and, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import { missingLinks } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { missingLinkSelectionSchema } from "./missing-link-schemas.ts";
import type { MissingLinkServices } from "./missing-links.ts";

export type IgnoreResult = { ignored: { id: string; title: string }[]; unchanged: string[] };

export async function ignoreMissingLinks(
  services: Pick<MissingLinkServices, "db">,
  actor: Actor,
  input: z.input<typeof missingLinkSelectionSchema>,
): Promise<IgnoreResult> {
  requireSuperAdmin(actor);
  const { ids } = parseInput(missingLinkSelectionSchema, input);
  return services.db.transaction(async (tx) => {
    const ignored = await tx
      .update(missingLinks)
      .set({
        resolution: "ignored",
        resolvedMovieId: null,
        resolvedBy: actor.profileId,
        resolvedAt: new Date(),
      })
      .where(and(inArray(missingLinks.id, ids), isNull(missingLinks.resolution)))
      .returning({ id: missingLinks.id, title: missingLinks.rawTitle });
    for (const link of ignored)
      await writeAuditLog(tx, actor, {
        action: "ingest.missingLink.ignore",
        entityType: "missing_link",
        entityId: link.id,
        clientId: null,
        before: { title: link.title, resolution: null },
        after: { title: link.title, resolution: "ignored" },
      });
    const done = new Set(ignored.map((link) => link.id));
    return { ignored, unchanged: ids.filter((id) => !done.has(id)) };
  });
}
