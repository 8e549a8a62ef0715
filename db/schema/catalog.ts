import {
  type AnyPgColumn,
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { assets } from "./assets.ts";
import { id, timestamps } from "./columns.ts";

export const countries = pgTable("countries", {
  code: char({ length: 2 }).primaryKey(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  defaultLocale: text().notNull(),
  timeZone: text().notNull(),
  currency: char({ length: 3 }).notNull(),
  ...timestamps,
});

export const bundles = pgTable("bundles", {
  id: id(),
  name: text().notNull().unique(),
  description: text(),
  /** minor units */
  price: integer().notNull().default(0),
  currency: char({ length: 3 }).notNull().default("EUR"),
  ...timestamps,
});

export const bundleCountries = pgTable(
  "bundle_countries",
  {
    bundleId: uuid()
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.countryCode] })],
);

export const cinemaChains = pgTable("cinema_chains", {
  id: id(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  website: text(),
  wikidataId: text(),
  logoAssetId: uuid().references(() => assets.id, { onDelete: "set null" }),
  countries: text().array().notNull().default([]),
  /** the names feeds use for the chain, lower-cased ("pathé", "pathe bv") */
  synonyms: text().array().notNull().default([]),
  ...timestamps,
});

export const cinemaStatus = pgEnum("cinema_status", ["open", "closed"]);

export const cinemas = pgTable(
  "cinemas",
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    chainId: uuid().references(() => cinemaChains.id, { onDelete: "set null" }),
    address: text(),
    postalCode: text(),
    city: text().notNull(),
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => countries.code),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** true when the coordinates are a city centre, not the building */
    coordinatesApproximate: boolean().notNull().default(false),
    timeZone: text().notNull(),
    website: text(),
    phone: text(),
    bookingUrlTemplate: text(),
    screens: integer(),
    seats: integer(),
    status: cinemaStatus().notNull().default("open"),
    osmId: text(),
    nationalId: text(),
    posSiteId: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.countryCode, t.city),
    index().on(t.latitude, t.longitude),
    index().on(t.chainId),
    // what a showtime's (cinema, country) refers to: its country is always its cinema's
    unique("cinemas_id_country_code_unique").on(t.id, t.countryCode),
  ],
);

export const movieStatus = pgEnum("movie_status", ["active", "hidden", "merged"]);

export const movies = pgTable(
  "movies",
  {
    id: id(),
    title: text().notNull(),
    originalTitle: text(),
    slug: text().notNull().unique(),
    year: integer(),
    runtimeMinutes: integer(),
    /** { "NL": "2024-06-12", … } */
    releaseDates: jsonb().$type<Record<string, string>>().notNull().default({}),
    genres: text().array().notNull().default([]),
    /** director names as the source gives them (Wikidata for the demo films) */
    directors: text().array().notNull().default([]),
    originalLanguage: text(),
    /** { "NL": "12", … } */
    certification: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** { "en": "…", "nl": "…" } */
    synopsis: jsonb().$type<Record<string, string>>().notNull().default({}),
    posterAssetId: uuid().references(() => assets.id, { onDelete: "set null" }),
    backdropAssetId: uuid().references(() => assets.id, { onDelete: "set null" }),
    trailerUrl: text(),
    imdbId: text().unique(),
    tmdbId: integer().unique(),
    wikidataId: text().unique(),
    status: movieStatus().notNull().default("active"),
    /** set when status is "merged": the movie that took this one's showtimes and aliases */
    mergedIntoId: uuid().references((): AnyPgColumn => movies.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("movies_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // The studio's movie table sorts by these and pages by (value, id).
    index().on(t.title, t.id),
    index().on(t.year, t.id),
    index().on(t.updatedAt, t.id),
  ],
);

export const movieTitles = pgTable(
  "movie_titles",
  {
    id: id(),
    movieId: uuid()
      .notNull()
      .references(() => movies.id, { onDelete: "cascade" }),
    locale: text().notNull(),
    title: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.movieId, t.locale),
    index("movie_titles_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

export const movieAliases = pgTable(
  "movie_aliases",
  {
    id: id(),
    normalizedTitle: text().notNull().unique(),
    movieId: uuid()
      .notNull()
      .references(() => movies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.movieId),
    index("movie_aliases_title_trgm_idx").using("gin", t.normalizedTitle.op("gin_trgm_ops")),
  ],
);

export const attributeCategory = pgEnum("attribute_category", [
  "format",
  "audio",
  "language",
  "subtitles",
  "accessibility",
  "event",
]);

export const attributes = pgTable("attributes", {
  id: id(),
  code: text().notNull().unique(),
  category: attributeCategory().notNull(),
  /** { "en": "3D", "nl": "3D" } */
  names: jsonb().$type<Record<string, string>>().notNull(),
  /** the strings feeds use for it, lower-cased */
  synonyms: text().array().notNull().default([]),
  ...timestamps,
});
