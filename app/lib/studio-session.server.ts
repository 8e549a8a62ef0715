// The signed-in studio session of a request: better-auth's session + our Actor, resolved once per request
// by the guard middleware (app/lib/guards.server.ts) and read by loaders and actions.
import { createContext, redirect } from "react-router";
import { PASSWORD_CHECK_REQUIRED } from "../../core/access/recent-password.ts";
import { isAppError } from "../../core/errors.ts";
import { requestMeta } from "../../core/request-meta.ts";
import type { AppServices } from "../../core/services.ts";
import { resolveActor, type ResolvedActor } from "../../core/tenancy/resolve-actor.ts";
import { startImpersonation } from "../../core/tenancy/start-impersonation.ts";
import { parseCookies } from "./cookies.ts";
import { VERIFY_PASSWORD_PATH } from "./route-access.ts";

export const ACTIVE_CLIENT_COOKIE = "reeltime-active-client";

export type StudioSession = ResolvedActor & {
  user: { id: string; name: string; email: string; emailVerified: boolean };
  session: { id: string; expiresAt: Date };
  /** Set-Cookie headers from better-auth (a refreshed session cookie) to pass on to the response */
  setCookies: string[];
};

/** null = anonymous; filled by the guard middleware for every /studio request. */
export const studioSessionContext = createContext<StudioSession | null>(null);

export async function loadStudioSession(
  services: AppServices,
  request: Request,
  options: {
    requestedClient?: string | null;
    requestId?: string;
    /**
     * A super admin opening a client's own page ({slug}) acts as that client. Acting for a client is
     * always impersonation (audited, shown by the banner), so it starts here unless already on.
     */
    impersonateRequested?: boolean;
  } = {},
): Promise<StudioSession | null> {
  const { headers, response } = await services.auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response) return null;
  const cookies = parseCookies(request.headers.get("cookie"));
  try {
    const resolve = () =>
      resolveActor(services, {
        userId: response.user.id,
        sessionId: response.session.id,
        activeClientSlugOrId: options.requestedClient ?? cookies[ACTIVE_CLIENT_COOKIE] ?? null,
        requestId: options.requestId,
        ip: requestMeta(request).ip,
      });
    let resolved = await resolve();
    const requested = resolved.requestedClient;
    if (
      options.impersonateRequested &&
      resolved.actor.isSuperAdmin &&
      requested &&
      resolved.impersonatedClient?.id !== requested.id
    ) {
      const started = await startImpersonation(services, resolved.actor, {
        sessionId: response.session.id,
        clientId: requested.id,
      }).then(
        () => true,
        // Deleted in between: the client-access guard answers 404, as for any unknown client.
        (error: unknown) => {
          if (isAppError(error) && error.code === "not_found") return false;
          // The password first, then back to this very address.
          if (isAppError(error) && error.reason === PASSWORD_CHECK_REQUIRED) {
            const here = new URL(request.url);
            throw redirect(
              `${VERIFY_PASSWORD_PATH}?returnTo=${encodeURIComponent(here.pathname + here.search)}`,
            );
          }
          throw error;
        },
      );
      if (started) resolved = await resolve();
    }
    return {
      ...resolved,
      user: {
        id: response.user.id,
        name: response.user.name,
        email: response.user.email,
        emailVerified: response.user.emailVerified,
      },
      session: { id: response.session.id, expiresAt: new Date(response.session.expiresAt) },
      setCookies: headers.getSetCookie(),
    };
  } catch (error) {
    // A disabled account or a user without a profile is treated as signed out.
    if (isAppError(error) && (error.code === "unauthenticated" || error.code === "not_found")) return null;
    throw error;
  }
}
