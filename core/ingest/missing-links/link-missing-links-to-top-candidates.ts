// Bulk: each selected title is linked to its best candidate, as linkMissingLink would (alias, waiting
// showtimes, every open link of the title). A title without candidates, already resolved (by an earlier
// one of the same title), or whose alias points at another movie is skipped and reported, not fatal.
// One transaction; API caches invalidated after it commits.
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import { missingLinks } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { isAppError, type ErrorReason } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { missingLinkSelectionSchema } from "./missing-link-schemas.ts";
import {
  findOpenMissingLink,
  linkTitle,
  type LinkOutcome,
  type MissingLinkServices,
} from "./missing-links.ts";

export type BulkLinkResult = {
  linked: LinkOutcome[];
  skipped: { id: string; title: string; reason: ErrorReason | "missingLinks.noCandidate" }[];
};

export async function linkMissingLinksToTopCandidates(
  services: MissingLinkServices,
  actor: Actor,
  input: z.input<typeof missingLinkSelectionSchema>,
): Promise<BulkLinkResult> {
  requireSuperAdmin(actor);
  const { ids } = parseInput(missingLinkSelectionSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const titles = await tx
      .select({ id: missingLinks.id, rawTitle: missingLinks.rawTitle })
      .from(missingLinks)
      .where(inArray(missingLinks.id, ids));
    const titleOf = new Map(titles.map((t) => [t.id, t.rawTitle]));
    const outcome: BulkLinkResult = { linked: [], skipped: [] };
    for (const id of ids) {
      if (!titleOf.has(id)) continue;
      try {
        const link = await findOpenMissingLink(tx, id);
        const best = link.candidates[0];
        if (!best) {
          outcome.skipped.push({ id, title: link.rawTitle, reason: "missingLinks.noCandidate" });
          continue;
        }
        outcome.linked.push(await linkTitle(tx, actor, link, best.movieId, "linked"));
      } catch (error) {
        // linkTitle refuses before it writes, so the transaction is still good for the next title.
        if (!isAppError(error)) throw error;
        outcome.skipped.push({ id, title: titleOf.get(id) ?? "", reason: error.reason });
      }
    }
    return outcome;
  });
  if (result.linked.length > 0) await invalidateApiData(services);
  return result;
}
