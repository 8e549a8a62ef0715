// Who may open which page: the one table the server's guard middleware
// enforces for every document and data request, the admin navigation reads, and the access-matrix test walks.
import { matchPath } from "react-router";

export const GUARD_NAMES = ["auth", "admin", "client-access"] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export type RouteRule = {
  path: string;
  /** checked in order; "admin" means super admin (platform staff) */
  guards: readonly GuardName[];
  /** A per-route redirect, possibly to another site */
  redirectTo?: string;
};

/** The global guard: anonymous visitors of included paths go to the login page. */
export const GLOBAL_GUARD = {
  loginPath: "/studio/user/login",
  callbackPath: "/studio/user/confirm",
  include: ["/studio", "/studio/*"],
  exclude: ["/studio/user/register", "/studio/user/logout"],
  redirectCookie: "reeltime-redirect",
} as const;

export const STUDIO_HOME = "/studio";

/** Where a super admin enters the password again before a dangerous action (core/access/recent-password.ts). */
export const VERIFY_PASSWORD_PATH = "/studio/user/verify-password";

/** Static paths before parameterised ones: "/studio/stats" must not match "/studio/:slug". */
export const ROUTE_RULES: readonly RouteRule[] = [
  { path: "/studio/user/login", guards: [] },
  { path: "/studio/user/confirm", guards: [] },
  { path: "/studio/user/register", guards: [] },
  { path: "/studio/user/logout", guards: [] },
  { path: "/studio/user/verify-password", guards: ["auth"] },
  { path: "/studio/session/active-client", guards: ["auth"] },
  { path: "/studio/session/impersonation", guards: ["auth"] },
  { path: "/studio/session/time-zone", guards: ["auth"] },
  { path: "/studio", guards: ["auth"] },
  { path: "/studio/stats", guards: ["auth"] },
  { path: "/studio/assets", guards: ["auth"] },
  { path: "/studio/movies", guards: ["auth"] },
  { path: "/studio/domains", guards: ["auth"] },
  { path: "/studio/api-keys", guards: ["auth"] },
  { path: "/studio/api-lookup", guards: ["auth"] },
  { path: "/studio/user/profile", guards: ["auth"] },
  { path: "/studio/documentation", guards: ["auth"] },
  { path: "/studio/documentation/options", guards: ["auth"] },
  { path: "/studio/data/attributes", guards: ["auth"] },
  { path: "/studio/data/cinema-chains", guards: ["auth"] },
  { path: "/studio/data/country-access", guards: ["auth"] },
  { path: "/studio/data/logs", guards: ["auth", "admin"] },
  { path: "/studio/data/tools", guards: ["auth", "admin"] },
  { path: "/studio/data/movies", guards: ["auth", "admin"] },
  { path: "/studio/data/movies/options", guards: ["auth", "admin"] },
  { path: "/studio/data/cinemas", guards: ["auth", "admin"] },
  { path: "/studio/data/showtimes", guards: ["auth", "admin"] },
  { path: "/studio/data/cinemas/options", guards: ["auth", "admin"] },
  { path: "/studio/data/cached-data", guards: ["auth", "admin"] },
  { path: "/studio/missing-links", guards: ["auth", "admin"] },
  { path: "/studio/config/clients", guards: ["auth", "admin"] },
  { path: "/studio/config/clients/*", guards: ["auth", "admin"] },
  { path: "/studio/config/countries", guards: ["auth", "admin"] },
  { path: "/studio/config/credit-usage", guards: ["auth", "admin"] },
  { path: "/studio/config/credit-offers", guards: ["auth", "admin"] },
  { path: "/studio/config/user-profiles", guards: ["auth", "admin"] },
  { path: "/studio/config/credit-balances", guards: ["auth", "admin"] },
  { path: "/studio/config/credit-purchases", guards: ["auth", "admin"] },
  { path: "/studio/data/*", guards: ["auth", "admin"] },
  { path: "/studio/config/*", guards: ["auth", "admin"] },
  { path: "/studio/:slug", guards: ["auth", "client-access"] },
  { path: "/studio/:slug/movies", guards: ["auth", "client-access"] },
  { path: "/studio/*", guards: ["auth"] },
];

/** Fails at start-up (module load) when a rule names a guard that does not exist. */
export function assertKnownGuards(rules: readonly RouteRule[]) {
  for (const rule of rules) {
    for (const guard of rule.guards) {
      if (!(GUARD_NAMES as readonly string[]).includes(guard)) {
        throw new Error(`Unknown route guard "${guard}" on ${rule.path}`);
      }
    }
  }
}
assertKnownGuards(ROUTE_RULES);

/**
 * React Router's own decoding of a URL path before it matches routes (decodePath in react-router): each
 * segment percent-decoded, an encoded "/" kept as %2F so it stays inside its segment; a path with a
 * malformed escape is matched as it is.
 */
export function decodeRoutePath(pathname: string) {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/**
 * The path the guard judges: decoded exactly as React Router decodes it, repeated slashes collapsed and
 * trailing ones dropped. Collapsing fails closed: "/studio//config/clients" renders the not-found page,
 * yet is guarded like the clients page. Case is kept (params such as {slug} keep theirs); every
 * comparison with it ignores case, as React Router's route matching does.
 */
export function guardPath(pathname: string) {
  return (
    decodeRoutePath(pathname)
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "") || "/"
  );
}

/** "/studio" and everything under it, in any letter case (React Router matches routes case-insensitively). */
export function isStudioPath(pathname: string) {
  const path = guardPath(pathname).toLowerCase();
  return path === "/studio" || path.startsWith("/studio/");
}

function wildcardMatches(pattern: string, pathname: string) {
  const target = pathname.toLowerCase();
  const wanted = pattern.toLowerCase();
  if (!wanted.endsWith("/*")) return wanted === target;
  const prefix = wanted.slice(0, -2);
  return target === prefix || target.startsWith(`${prefix}/`);
}

/** Included (wildcards allowed), not excluded, not the login or callback path. */
export function globalGuardApplies(pathname: string) {
  const path = guardPath(pathname).toLowerCase();
  if (path === GLOBAL_GUARD.loginPath || path === GLOBAL_GUARD.callbackPath) return false;
  if (GLOBAL_GUARD.exclude.some((p) => wildcardMatches(p, path))) return false;
  return GLOBAL_GUARD.include.some((p) => wildcardMatches(p, path));
}

/** The first rule whose path matches (case-insensitively, as React Router matches routes). */
export function ruleFor(
  pathname: string,
  rules: readonly RouteRule[] = ROUTE_RULES,
): { rule: RouteRule; params: Record<string, string | undefined> } | undefined {
  const path = guardPath(pathname);
  for (const rule of rules) {
    const match = matchPath({ path: rule.path, end: true, caseSensitive: false }, path);
    if (match) return { rule, params: match.params };
  }
  return undefined;
}
