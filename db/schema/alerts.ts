import { sql } from "drizzle-orm";
import { char, index, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { movies } from "./catalog.ts";
import { id, timestamps, tz } from "./columns.ts";

/** "Tell me when showtimes appear" (issue 25 point 6): pending until the address confirms (double opt-in). */
export const alertStatus = pgEnum("alert_status", ["pending", "confirmed"]);

export const showtimeAlerts = pgTable(
  "showtime_alerts",
  {
    id: id(),
    /** lower-cased; never shown to anyone, never said whether it is here */
    email: text().notNull(),
    movieId: uuid()
      .notNull()
      .references(() => movies.id, { onDelete: "cascade" }),
    city: text().notNull(),
    countryCode: char({ length: 2 }).notNull(),
    /** an attribute code the shows must carry ("imax", "3d", "ov"), or "" for any */
    format: text().notNull().default(""),
    /** the language of its e-mails */
    locale: text().notNull(),
    status: alertStatus().notNull().default("pending"),
    /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail); null once confirmed */
    confirmTokenHash: text().unique(),
    confirmSentAt: tz(),
    confirmedAt: tz(),
    /** shows first seen after this were not yet announced */
    notifiedThrough: tz(),
    /** the last alert e-mail: at most one a day */
    lastSentAt: tz(),
    ...timestamps,
  },
  (t) => [
    unique("showtime_alerts_subscription_unique").on(t.email, t.movieId, t.countryCode, t.city, t.format),
    // the job reads the confirmed ones by film
    index("showtime_alerts_confirmed_movie_index")
      .on(t.movieId)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);
