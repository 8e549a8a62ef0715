// Builds the Actor of a request (one call per request, two queries): the profile and the session's
// impersonation in one, the client list (for the switcher) in the other.
//   effective client = for a super admin, the impersonated client only (acting for a client is always
//   impersonation, which the banner shows); for anyone else the requested client if they are a member,
//   else their first client by name, else none. Role: the membership's; super admins act as admin.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sessions } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { PROFILE_NOT_FOUND } from "./get-profile.ts";
import { idSchema } from "../forms/fields.ts";
import { listUserClients } from "./list-user-clients.ts";
import type { ClientRef, ProfileDetails, UserClient } from "./tenancy-types.ts";

export type ResolveActorInput = {
  userId: string;
  sessionId: string;
  /** the client the request asks for: a `{slug}` route parameter, or the switcher's choice (id or slug) */
  activeClientSlugOrId?: string | null;
  requestId?: string;
  ip?: string;
};

export type ResolvedActor = {
  actor: Actor;
  profile: ProfileDetails;
  /** clientList: the switcher's entries */
  clientList: UserClient[];
  /** a member's active client (requested, or their first); null for a super admin */
  activeClient: ClientRef | null;
  /** the client the request asks for, when the user may use it (super admins: any) */
  requestedClient: ClientRef | null;
  impersonatedClient: ClientRef | null;
  /** impersonated ?? active: the client every client-scoped operation acts on */
  effectiveClient: ClientRef | null;
  /** true when a client was asked for but the user may not use it (the caller answers 404) */
  requestedClientDenied: boolean;
};

export const ACCOUNT_DISABLED = "auth.accountDisabled" satisfies ErrorReason;

const toRef = (entry: UserClient): ClientRef => ({
  id: entry.client_id,
  slug: entry.client_slug,
  name: entry.client_name,
});

export async function resolveActor(
  { db }: { db: Database },
  input: ResolveActorInput,
): Promise<ResolvedActor> {
  if (!idSchema.safeParse(input.userId).success) throw new AppError("not_found", PROFILE_NOT_FOUND);
  const sessionId = idSchema.safeParse(input.sessionId).success ? input.sessionId : null;

  const [row] = await db
    .select({
      id: profiles.id,
      user_id: profiles.userId,
      is_super_admin: profiles.isSuperAdmin,
      displayName: profiles.displayName,
      locale: profiles.locale,
      colourMode: profiles.colourMode,
      timeZone: profiles.timeZone,
      disabledAt: profiles.disabledAt,
      lastSignInAt: profiles.lastSignInAt,
      impersonatedClientId: sessions.impersonatedClientId,
      sessionCreatedAt: sessions.createdAt,
      passwordVerifiedAt: sessions.passwordVerifiedAt,
    })
    .from(profiles)
    .leftJoin(
      sessions,
      sessionId ? and(eq(sessions.id, sessionId), eq(sessions.userId, profiles.userId)) : sql`false`,
    )
    .where(eq(profiles.userId, input.userId))
    .limit(1);
  if (!row) throw new AppError("not_found", PROFILE_NOT_FOUND);
  if (row.disabledAt) throw new AppError("unauthenticated", ACCOUNT_DISABLED);
  const { impersonatedClientId, sessionCreatedAt, passwordVerifiedAt, ...profile } = row;

  const clientList = await listUserClients(db, profile);
  const superAdmin = profile.is_super_admin;

  const impersonated =
    superAdmin && impersonatedClientId
      ? clientList.find((c) => c.client_id === impersonatedClientId)
      : undefined;

  const requested = input.activeClientSlugOrId?.trim() || null;
  const requestedEntry = requested
    ? (clientList.find((c) => c.client_id === requested) ??
      clientList.find((c) => c.client_slug === requested))
    : undefined;
  const active = superAdmin ? undefined : (requestedEntry ?? clientList[0]);
  const effective = impersonated ?? active;

  const role: ClientRole | null = effective ? (superAdmin ? "admin" : effective.user_role) : null;
  const actor: Actor = {
    userId: profile.user_id,
    profileId: profile.id,
    isSuperAdmin: superAdmin,
    effectiveClientId: effective?.client_id ?? null,
    role,
    impersonating: Boolean(impersonated),
    // Signing in is entering the password; a later step-up check moves it on.
    passwordVerifiedAt: passwordVerifiedAt ?? sessionCreatedAt ?? null,
    requestId: input.requestId,
    ip: input.ip,
  };
  return {
    actor,
    profile,
    clientList,
    activeClient: active ? toRef(active) : null,
    requestedClient: requestedEntry ? toRef(requestedEntry) : null,
    impersonatedClient: impersonated ? toRef(impersonated) : null,
    effectiveClient: effective ? toRef(effective) : null,
    requestedClientDenied: Boolean(requested) && !requestedEntry,
  };
}
