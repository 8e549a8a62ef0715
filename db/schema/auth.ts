// Tables owned by the auth library (better-auth core schema, plural names, UUID ids).
import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, tz } from "./columns.ts";

export const users = pgTable("users", {
  id: id(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  ...timestamps,
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text().notNull().unique(),
    expiresAt: tz().notNull(),
    ipAddress: text(),
    userAgent: text(),
    /** The client a super admin is impersonating in this session (kept server-side). */
    impersonatedClientId: uuid(),
    /** When the password was last entered again in this session (step-up); sign-in is created_at. */
    passwordVerifiedAt: tz(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text().notNull(),
    providerId: text().notNull(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: tz(),
    refreshTokenExpiresAt: tz(),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: tz().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.identifier)],
);
