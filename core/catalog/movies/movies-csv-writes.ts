// Writing a movies CSV's plan (core/catalog/movies/movies-csv-plan.ts): new and changed movies together,
// in multi-row upserts of the movies and their en / nl titles.
import { sql } from "drizzle-orm";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import type { Transaction } from "../attributes/attributes.ts";
import { chunks, type MovieCsvTarget } from "./movies-csv-plan.ts";

/** rows per statement: ten columns each, well under PostgreSQL's 65,535 parameters */
const BATCH = 2000;

function movieValues(target: MovieCsvTarget) {
  return {
    id: target.id,
    slug: target.slug,
    title: target.title,
    originalTitle: target.originalTitle,
    year: target.year,
    runtimeMinutes: target.runtimeMinutes,
    originalLanguage: target.originalLanguage,
    imdbId: target.imdbId,
    tmdbId: target.tmdbId,
    wikidataId: target.wikidataId,
  };
}

export async function writeMovieTargets(tx: Transaction, targets: MovieCsvTarget[]) {
  for (const batch of chunks(targets, BATCH)) {
    await tx
      .insert(movies)
      .values(batch.map(movieValues))
      .onConflictDoUpdate({
        target: movies.id,
        set: {
          title: sql`excluded.title`,
          originalTitle: sql`excluded.original_title`,
          year: sql`excluded.year`,
          runtimeMinutes: sql`excluded.runtime_minutes`,
          originalLanguage: sql`excluded.original_language`,
          imdbId: sql`excluded.imdb_id`,
          tmdbId: sql`excluded.tmdb_id`,
          wikidataId: sql`excluded.wikidata_id`,
          updatedAt: sql`now()`,
        },
      });
    const titles = batch.flatMap((t) => [
      { movieId: t.id, locale: "en", title: t.title },
      ...(t.titleNl ? [{ movieId: t.id, locale: "nl", title: t.titleNl }] : []),
    ]);
    await tx
      .insert(movieTitles)
      .values(titles)
      .onConflictDoUpdate({
        target: [movieTitles.movieId, movieTitles.locale],
        set: { title: sql`excluded.title`, updatedAt: sql`now()` },
      });
  }
}
