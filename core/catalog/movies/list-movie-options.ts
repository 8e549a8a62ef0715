// The movie picker's suggestions (a Combobox on the showtimes and movies pages): active movies whose
// title or a localized title contains the typed text, closest first, at most 20, labelled "Title (year)".
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput, searchSchema } from "../../shared/input.ts";
import { movieSearchCondition } from "./list-movie-rows.ts";
import { movieLabel } from "./movies.ts";
import type { AppServices } from "../../services.ts";

export const MOVIE_OPTIONS_MAX = 20;

const inputSchema = z.object({ q: searchSchema, exclude: idSchema.optional() });

export type MovieOption = { value: string; label: string; hint?: string };

export async function listMovieOptions(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<MovieOption[]> {
  requireSuperAdmin(actor);
  const { q, exclude } = parseInput(inputSchema, input);
  const conditions: SQL[] = [eq(movies.status, "active")];
  if (q) conditions.push(movieSearchCondition(q));
  if (exclude) conditions.push(ne(movies.id, exclude));
  const rows = await db
    .select({
      id: movies.id,
      title: movies.title,
      year: movies.year,
      imdbId: movies.imdbId,
      titleNl: movieTitles.title,
    })
    .from(movies)
    .leftJoin(movieTitles, and(eq(movieTitles.movieId, movies.id), eq(movieTitles.locale, "nl")))
    .where(and(...conditions))
    // Titles that start with the typed text first, then by title.
    .orderBy(
      ...(q ? [sql`${movies.title} ilike ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} desc`] : []),
      asc(movies.title),
      asc(movies.id),
    )
    .limit(MOVIE_OPTIONS_MAX);
  return rows.map((row) => {
    const hints = [row.titleNl && row.titleNl !== row.title ? row.titleNl : null, row.imdbId].filter(
      (h): h is string => Boolean(h),
    );
    return {
      value: row.id,
      label: movieLabel(row),
      ...(hints.length ? { hint: hints.join(" · ") } : {}),
    };
  });
}
