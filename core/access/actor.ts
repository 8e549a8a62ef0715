// Who is asking: every core operation takes an Actor and checks permission itself.
import { clientRole } from "../../db/schema/tenancy.ts";

/** The client roles, as the database enum defines them (one definition: db/schema/tenancy.ts). */
export const CLIENT_ROLES = clientRole.enumValues;
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
  requestId?: string;
  ip?: string;
};
