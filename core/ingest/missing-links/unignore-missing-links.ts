// Un-ignore: ignored feed titles go back to the open queue (ignored by mistake). Ignored titles only;
// linked ones stay linked. One audit row per title.
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { missingLinks } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { missingLinkSelectionSchema } from "./missing-link-schemas.ts";
import type { MissingLinkServices } from "./missing-links.ts";

export type UnignoreResult = { reopened: { id: string; title: string }[]; unchanged: string[] };

export async function unignoreMissingLinks(
  services: Pick<MissingLinkServices, "db">,
  actor: Actor,
  input: z.input<typeof missingLinkSelectionSchema>,
): Promise<UnignoreResult> {
  requireSuperAdmin(actor);
  const { ids } = parseInput(missingLinkSelectionSchema, input);
  return services.db.transaction(async (tx) => {
    const before = await tx
      .select({
        id: missingLinks.id,
        resolvedBy: missingLinks.resolvedBy,
        resolvedAt: missingLinks.resolvedAt,
      })
      .from(missingLinks)
      .where(and(inArray(missingLinks.id, ids), eq(missingLinks.resolution, "ignored")))
      .for("update");
    const reopened = before.length
      ? await tx
          .update(missingLinks)
          .set({ resolution: null, resolvedMovieId: null, resolvedBy: null, resolvedAt: null })
          .where(
            inArray(
              missingLinks.id,
              before.map((b) => b.id),
            ),
          )
          .returning({ id: missingLinks.id, title: missingLinks.rawTitle })
      : [];
    const was = new Map(before.map((b) => [b.id, b]));
    for (const link of reopened)
      await writeAuditLog(tx, actor, {
        action: "ingest.missingLink.unignore",
        entityType: "missing_link",
        entityId: link.id,
        clientId: null,
        before: {
          title: link.title,
          resolution: "ignored",
          resolvedBy: was.get(link.id)?.resolvedBy ?? null,
          resolvedAt: was.get(link.id)?.resolvedAt?.toISOString() ?? null,
        },
        after: { title: link.title, resolution: null },
      });
    const done = new Set(reopened.map((link) => link.id));
    return { reopened, unchanged: ids.filter((id) => !done.has(id)) };
  });
}
