// What the studio's showtime page offers besides the rows: the sources to filter by, the attributes a
// new showtime may carry, and the names of the cinema and movie the URL filters by (the pickers show
// them). Super admins only.
import { asc, eq } from "drizzle-orm";
import { attributes, cinemas, movies } from "../../db/schema/catalog.ts";
import { sources } from "../../db/schema/ingest.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import type { AppServices } from "../services.ts";

export type Choice = { value: string; label: string; hint?: string };

export type ShowtimeFilterChoices = {
  sources: Choice[];
  attributes: Choice[];
  cinema: Choice | null;
  movie: Choice | null;
};

export async function showtimeFilterChoices(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  selected: { cinemaId?: string | undefined; movieId?: string | undefined },
): Promise<ShowtimeFilterChoices> {
  requireSuperAdmin(actor);
  const [sourceRows, attributeRows, cinemaRows, movieRows] = await Promise.all([
    db.select({ id: sources.id, name: sources.name }).from(sources).orderBy(asc(sources.name)).limit(500),
    db
      .select({ code: attributes.code, names: attributes.names })
      .from(attributes)
      .orderBy(asc(attributes.code)),
    selected.cinemaId
      ? db
          .select({ id: cinemas.id, name: cinemas.name, city: cinemas.city, country: cinemas.countryCode })
          .from(cinemas)
          .where(eq(cinemas.id, selected.cinemaId))
      : Promise.resolve([]),
    selected.movieId
      ? db
          .select({ id: movies.id, title: movies.title, year: movies.year })
          .from(movies)
          .where(eq(movies.id, selected.movieId))
      : Promise.resolve([]),
  ]);
  const cinema = cinemaRows[0];
  const movie = movieRows[0];
  return {
    sources: sourceRows.map((s) => ({ value: s.id, label: s.name })),
    attributes: attributeRows.map((a) => ({ value: a.code, label: `${a.names.en ?? a.code} (${a.code})` })),
    cinema: cinema
      ? { value: cinema.id, label: cinema.name, hint: `${cinema.city}, ${cinema.country}` }
      : null,
    movie: movie
      ? { value: movie.id, label: movie.title, hint: movie.year ? String(movie.year) : undefined }
      : null,
  };
}
