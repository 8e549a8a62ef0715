import { boolean, index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { movies } from "./catalog.ts";
import { timestamps } from "./columns.ts";
import { clients, profiles } from "./tenancy.ts";

/** How one client's widget shows one movie: featured first, hidden never, in the client's order. */
export const clientMovieSettings = pgTable(
  "client_movie_settings",
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    movieId: uuid()
      .notNull()
      .references(() => movies.id, { onDelete: "cascade" }),
    featured: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    /** the client's order among featured movies; null = after the ordered ones */
    position: integer(),
    updatedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.clientId, t.movieId] }), index().on(t.movieId)],
);
