import { sql } from "drizzle-orm";
import { char, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./columns.ts";

export const availability = pgEnum("availability", ["available", "few-left", "sold-out", "unknown"]);
export const showtimeStatus = pgEnum("showtime_status", ["scheduled", "cancelled"]);

export const showtimes = pgTable(
  "showtimes",
  {
    id: id(),
    cinemaId: uuid().notNull(),
    /** denormalized from the cinema, for the "by country + time" queries; kept equal by the foreign key */
    countryCode: char({ length: 2 }).notNull(),
    /** null until the feed title is linked to a movie; checked by trigger (migration 0011, decision 013) */
    movieId: uuid(),
    feedTitle: text().notNull(),
    startsAt: tz().notNull(),
    featureStartsAt: tz(),
    endsAt: tz(),
    auditorium: text(),
    /** attribute codes */
    attributes: text().array().notNull().default([]),
    audioLanguage: text(),
    subtitleLanguages: text().array().notNull().default([]),
    bookingUrl: text(),
    /** minor units */
    priceMin: integer(),
    priceMax: integer(),
    currency: char({ length: 3 }),
    seatsAvailable: integer(),
    seatsTotal: integer(),
    availability: availability().notNull().default("unknown"),
    status: showtimeStatus().notNull().default("scheduled"),
    /** the feed that wrote it, null for one added by hand; checked by trigger (migration 0011, decision 013) */
    sourceId: uuid(),
    sourceRef: text(),
    firstSeenAt: tz().notNull().defaultNow(),
    lastSeenAt: tz().notNull().defaultNow(),
    ...timestamps,
  },
  // The API pages by (starts_at, id) per cinema, per movie and country, per country, and the changes feed
  // by (updated_at, id) per country: each an ordered index range that stops after one page.
  (t) => [
    // The references to the cinema (with its country), the movie and the source are no foreign keys:
    // triggers check them once per statement, not once per written row (an import writes millions), and
    // act as ON DELETE CASCADE / SET NULL and ON UPDATE CASCADE did (migration 0011, decision 013).
    index().on(t.cinemaId, t.startsAt, t.id),
    index().on(t.movieId, t.countryCode, t.startsAt, t.id),
    index().on(t.countryCode, t.startsAt, t.id),
    index().on(t.countryCode, t.updatedAt, t.id),
    uniqueIndex().on(t.sourceId, t.sourceRef),
    // The studio's showtime table: every showtime by time, and one source's by time.
    index().on(t.startsAt, t.id),
    index().on(t.sourceId, t.startsAt, t.id),
    // Cancelled shows are few: the studio's status filter reads only them.
    index("showtimes_cancelled_starts_at_id_index")
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'cancelled'`),
  ],
);
