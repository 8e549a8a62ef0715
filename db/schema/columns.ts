import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Every table has a UUID primary key. */
export const id = () => uuid().primaryKey().defaultRandom();

/** Every table carries created_at / updated_at (timestamptz). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const tz = () => timestamp({ withTimezone: true });
