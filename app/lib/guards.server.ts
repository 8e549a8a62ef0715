// The server-side guard for every /studio document and data request: resolves the
// session once, then applies the global guard and the route's guards from app/lib/route-access.ts.
import { data, redirect, type MiddlewareFunction } from "react-router";
import { servicesContext, requestInfoContext } from "./context.ts";
import { parseCookies, serializeCookie } from "./cookies.ts";
import {
  GLOBAL_GUARD,
  globalGuardApplies,
  isStudioPath,
  ROUTE_RULES,
  ruleFor,
  STUDIO_HOME,
  type GuardName,
  type RouteRule,
} from "./route-access.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
import { loadStudioSession, studioSessionContext, type StudioSession } from "./studio-session.server.ts";

const REDIRECT_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/**
 * Anonymous visitor of a guarded page: remember where they were going (when it is a safe, not over-long
 * same-site path: never a huge value copied into a cookie), send them to sign in.
 */
function toLogin(url: URL) {
  const target = url.pathname + url.search;
  if (safeRedirectPath(target, "") !== target) return redirect(GLOBAL_GUARD.loginPath);
  const cookie = serializeCookie(GLOBAL_GUARD.redirectCookie, target, {
    maxAgeSeconds: REDIRECT_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    secure: url.protocol === "https:",
  });
  return redirect(GLOBAL_GUARD.loginPath, { headers: { "Set-Cookie": cookie } });
}

type GuardCheck = (
  session: StudioSession,
  params: Record<string, string | undefined>,
) => "allow" | "forbidden" | "not-found";

const GUARDS: Record<GuardName, GuardCheck> = {
  auth: () => "allow",
  admin: (session) => (session.actor.isSuperAdmin ? "allow" : "forbidden"),
  // Members of the {slug} client, or super admins acting as it; others learn nothing about whether it
  // exists.
  "client-access": (session) =>
    session.effectiveClient &&
    !session.requestedClientDenied &&
    session.requestedClient?.id === session.effectiveClient.id
      ? "allow"
      : "not-found",
};

/**
 * A navigation that another site started (Sec-Fetch-Site, which every current browser sends): such a
 * request may read a page, never change the session. Requests without the header come from no browser.
 */
function isCrossSiteNavigation(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/** The path after sign-in: the saved redirect (same site only), else the studio. Clears the cookie. */
export function takeRedirectAfterLogin(request: Request) {
  const saved = parseCookies(request.headers.get("cookie"))[GLOBAL_GUARD.redirectCookie];
  const to = safeRedirectPath(saved, STUDIO_HOME);
  const clear = serializeCookie(GLOBAL_GUARD.redirectCookie, "", { maxAgeSeconds: 0, httpOnly: true });
  return { to, clearCookie: clear };
}

/**
 * The page a request is for: single-fetch data requests arrive as "/studio/x.data" (and "/_.data" for
 * "/"), with a "_routes" parameter; the guard judges, and remembers, the page itself. Mirrors React
 * Router's own normalisation (getNormalizedPath).
 */
export function pageUrl(requestUrl: string) {
  const url = new URL(requestUrl);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

/**
 * The guard over a rules table (the app's ROUTE_RULES; tests pass their own). It judges the path as
 * React Router decodes and matches it (route-access.ts guardPath), and, failing closed should the two
 * ever disagree, also the pattern of the route React Router actually matched: the guards of both apply.
 */
export function createStudioGuard(rules: readonly RouteRule[]): MiddlewareFunction<Response> {
  return async ({ request, context, pattern, params }, next) => {
    const url = pageUrl(request.url);
    const routePattern = typeof pattern === "string" && pattern.startsWith("/") ? pattern : undefined;
    const studio = isStudioPath(url.pathname) || (routePattern !== undefined && isStudioPath(routePattern));
    if (!studio) return next();

    const match = ruleFor(url.pathname, rules);
    const patternMatch = routePattern === undefined ? undefined : ruleFor(routePattern, rules);
    // Per-route redirects come first and may leave the site.
    if (match?.rule.redirectTo) throw redirect(match.rule.redirectTo);
    const guards = [...new Set([...(match?.rule.guards ?? []), ...(patternMatch?.rule.guards ?? [])])];
    const slug = match?.params.slug ?? (patternMatch ? params.slug : undefined);
    const services = context.get(servicesContext);

    const wantsClient = guards.includes("client-access") ? (slug ?? null) : undefined;
    const session = await loadStudioSession(services, request, {
      requestedClient: wantsClient,
      requestId: context.get(requestInfoContext).requestId,
      // Opening a client's page (never a form posted to it) is how a super admin acts as that client;
      // not from a link on another site, which could otherwise switch a super admin's session.
      impersonateRequested:
        wantsClient !== undefined &&
        (request.method === "GET" || request.method === "HEAD") &&
        !isCrossSiteNavigation(request),
    });
    context.set(studioSessionContext, session);

    if (!session) {
      const guarded =
        globalGuardApplies(url.pathname) || (routePattern !== undefined && globalGuardApplies(routePattern));
      if (guarded) throw toLogin(url);
    } else {
      for (const guard of guards) {
        const outcome = GUARDS[guard](session, { ...match?.params, slug });
        if (outcome === "forbidden") throw data(null, { status: 403 });
        if (outcome === "not-found") throw data(null, { status: 404 });
      }
    }

    const response = await next();
    // A refreshed session cookie from better-auth goes out with the page.
    for (const cookie of session?.setCookies ?? []) response.headers.append("Set-Cookie", cookie);
    return response;
  };
}

export const studioGuard = createStudioGuard(ROUTE_RULES);
