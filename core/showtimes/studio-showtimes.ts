// What the studio's showtime operations share: their services (the database, and the API cache they
// invalidate after every change) and the check that a movie can take showtimes.
import { eq } from "drizzle-orm";
import { movies } from "../../db/schema/catalog.ts";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";

export type ShowtimeServices = Pick<AppServices, "db" | "apiCache">;

/** The movie, if it is active; else a field error on `movieId` (hidden and merged movies take no shows). */
export async function findActiveMovie(
  tx: Transaction,
  movieId: string,
): Promise<{ id: string; title: string }> {
  const [movie] = await tx
    .select({ id: movies.id, title: movies.title, status: movies.status })
    .from(movies)
    .where(eq(movies.id, movieId));
  if (!movie || movie.status !== "active")
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        movieId: movie
          ? "studio.dataShowtimes.validation.movieInactive"
          : "studio.dataShowtimes.validation.movieRequired",
      },
    });
  return { id: movie.id, title: movie.title };
}
