// Who is asking: every core operation takes an Actor and checks permission itself.
import { CLIENT_ROLE_VALUES } from "../../db/schema/enum-values.ts";

/**
 * The client roles: the values the database enum `client_role` is built from (one definition,
 * db/schema/enum-values.ts; read from there, not from the pgEnum, so the browser loads no drizzle).
 */
export const CLIENT_ROLES = CLIENT_ROLE_VALUES;
export type ClientRole = (typeof CLIENT_ROLES)[number];

export type Actor = {
  userId: string;
  profileId: string;
  isSuperAdmin: boolean;
  /** the client the request acts for: the impersonated one if any, else the active one */
  effectiveClientId: string | null;
  /** the actor's role in the effective client (super admins act as admin) */
  role: ClientRole | null;
  impersonating: boolean;
  /**
   * When this session's password was last entered (sign-in or a step-up check): set by resolveActor for
   * every request (null when the session is unknown), absent for actors made outside a request.
   */
  passwordVerifiedAt?: Date | null;
  requestId?: string;
  ip?: string;
};
