// Shapes shared by the tenancy operations. Profile and UserClient keep the product's specified field names (snake_case).
import { CLIENT_STATUS_VALUES } from "../../db/schema/enum-values.ts";
import type { ClientRole } from "../access/actor.ts";
import type { ColourMode } from "./colour-mode.ts";

/**
 * A client's status: the values the database enum `client_status` is built from (one definition,
 * db/schema/enum-values.ts; the browser loads no drizzle).
 */
export const CLIENT_STATUSES = CLIENT_STATUS_VALUES;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** The profile row: id, user_id, is_super_admin */
export type Profile = {
  id: string;
  user_id: string;
  is_super_admin: boolean;
};

export type { ColourMode };

export type ProfileDetails = Profile & {
  displayName: string | null;
  locale: string | null;
  colourMode: ColourMode;
  timeZone: string | null;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
};

/** One entry of a user's client list (client_slug is "" when the client has none). */
export type UserClient = {
  client_id: string;
  client_slug: string;
  client_name: string;
  user_role: ClientRole;
};

/** What the studio needs to name and link a client. */
export type ClientRef = {
  id: string;
  slug: string;
  name: string;
};
