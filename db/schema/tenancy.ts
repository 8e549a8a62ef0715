import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, pgView, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { id, timestamps, tz } from "./columns.ts";
import { CLIENT_ROLE_VALUES, CLIENT_STATUS_VALUES, COLOUR_MODE_VALUES } from "./enum-values.ts";

export const clientRole = pgEnum("client_role", CLIENT_ROLE_VALUES);
export const clientStatus = pgEnum("client_status", CLIENT_STATUS_VALUES);
export const colourMode = pgEnum("colour_mode", COLOUR_MODE_VALUES);

export const profiles = pgTable("profiles", {
  id: id(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  isSuperAdmin: boolean().notNull().default(false),
  /** when a super admin withdrew the flag: SUPER_ADMIN_EMAILS never grants it again after that */
  superAdminRevokedAt: tz(),
  displayName: text(),
  locale: text(),
  colourMode: colourMode().notNull().default("system"),
  /** IANA zone the studio shows times in: the browser's at the first visit, changeable in the profile */
  timeZone: text(),
  disabledAt: tz(),
  lastSignInAt: tz(),
  ...timestamps,
});

export const clients = pgTable("clients", {
  uuid: id(),
  name: text().notNull(),
  slug: text().unique(),
  status: clientStatus().notNull().default("active"),
  contactEmail: text(),
  notes: text(),
  ...timestamps,
});

export const clientMembers = pgTable(
  "client_members",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: clientRole().notNull(),
    invitedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    acceptedAt: tz(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.clientId, t.profileId), index().on(t.profileId)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    clientId: uuid()
      .notNull()
      .references(() => clients.uuid, { onDelete: "cascade" }),
    email: text().notNull(),
    role: clientRole().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    expiresAt: tz().notNull(),
    acceptedAt: tz(),
    ...timestamps,
  },
  (t) => [index().on(t.clientId), index().on(t.email)],
);

/** The client list's shape (client_id, client_slug, client_name, user_role): one row per (profile, client). */
export const userClients = pgView("user_clients").as((qb) =>
  qb
    .select({
      userProfileId: sql<string>`${clientMembers.profileId}`.as("user_profile_id"),
      clientId: sql<string>`${clients.uuid}`.as("client_id"),
      clientSlug: sql<string>`coalesce(${clients.slug}, '')`.as("client_slug"),
      clientName: sql<string>`${clients.name}`.as("client_name"),
      userRole: sql<"admin" | "editor" | "viewer">`${clientMembers.role}`.as("user_role"),
    })
    .from(clientMembers)
    .innerJoin(clients, sql`${clients.uuid} = ${clientMembers.clientId}`),
);
