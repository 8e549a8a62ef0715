// Super admins link an unmatched feed title to a movie (PRODUCT.md §6): its normalized title becomes an
// alias of the movie, every showtime waiting for that title (any source) gets the movie, and every open
// missing link of that title is resolved. One transaction; API caches invalidated after it commits.
import type { z } from "zod";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { parseInput } from "../../shared/input.ts";
import { linkMissingLinkSchema } from "./missing-link-schemas.ts";
import {
  findOpenMissingLink,
  linkTitle,
  type LinkOutcome,
  type MissingLinkServices,
} from "./missing-links.ts";

export async function linkMissingLink(
  services: MissingLinkServices,
  actor: Actor,
  input: z.input<typeof linkMissingLinkSchema>,
): Promise<LinkOutcome> {
  requireSuperAdmin(actor);
  const { missingLinkId, movieId } = parseInput(linkMissingLinkSchema, input);
  const outcome = await services.db.transaction(async (tx) => {
    const link = await findOpenMissingLink(tx, missingLinkId);
    return linkTitle(tx, actor, link, movieId, "linked");
  });
  await invalidateApiData(services);
  return outcome;
}
