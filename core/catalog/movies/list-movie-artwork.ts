// The platform's posters and backdrops a movie can show (assets without an owner client), newest
// first, for the movie form's pickers. Super admins only.
import { and, desc, eq, isNull } from "drizzle-orm";
import { assets } from "../../../db/schema/assets.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import type { AppServices } from "../../services.ts";

export const ARTWORK_CHOICES_MAX = 500;

export type ArtworkChoice = { id: string; fileName: string };

export async function listMovieArtwork(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  kind: "poster" | "backdrop",
): Promise<ArtworkChoice[]> {
  requireSuperAdmin(actor);
  return db
    .select({ id: assets.id, fileName: assets.fileName })
    .from(assets)
    .where(and(eq(assets.kind, kind), isNull(assets.ownerClientId)))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(ARTWORK_CHOICES_MAX);
}
