// What the client movie operations share: their input schemas (also the page's forms), the window
// "playing" looks at, the per-client lock and the dense renumbering of featured positions.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { idSchema } from "../forms/fields.ts";

/** "Playing" on the client's movie page: a scheduled showtime from now until 14 days ahead. */
export const CLIENT_MOVIES_WINDOW_DAYS = 14;

export const CLIENT_MOVIE_CHANGES = ["feature", "unfeature", "hide", "unhide"] as const;
export type ClientMovieChange = (typeof CLIENT_MOVIE_CHANGES)[number];

export const setClientMovieSettingSchema = z.object({
  clientId: idSchema,
  movieId: idSchema,
  change: z.enum(CLIENT_MOVIE_CHANGES, { error: "validation.choiceInvalid" }),
});

export const moveClientMovieSchema = z.object({
  clientId: idSchema,
  movieId: idSchema,
  direction: z.enum(["up", "down"], { error: "validation.choiceInvalid" }),
});

export type ClientMovieSetting = { featured: boolean; hidden: boolean; position: number | null };

/** One change to a client's movie settings at a time: positions are read, then rewritten. */
export async function lockClientMovies(tx: Transaction | Database, clientId: string): Promise<void> {
  await tx.execute(sql`select 1 from clients where uuid = ${clientId} for update`);
}

/** Featured movies of the client numbered 1…n in their current order (ties by title); others get null. */
export async function renumberFeatured(tx: Transaction | Database, clientId: string): Promise<void> {
  await tx.execute(sql`
    update client_movie_settings s set position = ordered.n
    from (
      select cms.movie_id, row_number() over (
        order by cms.position asc nulls last, lower(m.title), cms.movie_id
      )::int as n
      from client_movie_settings cms join movies m on m.id = cms.movie_id
      where cms.client_id = ${clientId} and cms.featured
    ) ordered
    where s.client_id = ${clientId} and s.movie_id = ordered.movie_id and s.position is distinct from ordered.n
  `);
  await tx.execute(sql`
    update client_movie_settings set position = null
    where client_id = ${clientId} and not featured and position is not null
  `);
}
