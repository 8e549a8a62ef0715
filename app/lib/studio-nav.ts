// The admin navigation: every studio page that exists, shown only to users its guards let in.
import type { MessageKey } from "./i18n.tsx";
import { ruleFor } from "./route-access.ts";

export type NavItem = { to: string; label: MessageKey; section: "client" | "platform" | "account" };

export const STUDIO_NAV: readonly NavItem[] = [
  { to: "/studio", label: "studio.nav.dashboard", section: "client" },
  { to: "/studio/stats", label: "studio.stats.navLabel", section: "client" },
  { to: "/studio/api-keys", label: "studio.apiKeys.nav", section: "client" },
  { to: "/studio/domains", label: "studio.domains.nav", section: "client" },
  { to: "/studio/assets", label: "studio.assets.nav", section: "client" },
  { to: "/studio/data/country-access", label: "studio.countryAccess.nav", section: "client" },
  { to: "/studio/api-lookup", label: "studio.apiLookup.navLabel", section: "client" },
  { to: "/studio/documentation", label: "studio.documentation.nav", section: "client" },
  { to: "/studio/movies", label: "studio.movieBrowser.nav", section: "client" },
  { to: "/studio/data/attributes", label: "studio.attributes.navLabel", section: "client" },
  { to: "/studio/data/cinema-chains", label: "studio.chains.navLabel", section: "client" },
  { to: "/studio/config/clients", label: "studio.nav.clients", section: "platform" },
  { to: "/studio/config/user-profiles", label: "studio.nav.userProfiles", section: "platform" },
  { to: "/studio/config/credit-purchases", label: "studio.credits.nav.purchases", section: "platform" },
  { to: "/studio/config/credit-balances", label: "studio.credits.nav.balances", section: "platform" },
  { to: "/studio/config/credit-offers", label: "studio.credits.nav.offers", section: "platform" },
  { to: "/studio/config/credit-usage", label: "studio.credits.nav.usage", section: "platform" },
  { to: "/studio/config/countries", label: "studio.countries.nav", section: "platform" },
  { to: "/studio/data/cinemas", label: "studio.cinemas.navLabel", section: "platform" },
  { to: "/studio/data/movies", label: "studio.dataMovies.navLabel", section: "platform" },
  { to: "/studio/data/showtimes", label: "studio.dataShowtimes.navLabel", section: "platform" },
  { to: "/studio/missing-links", label: "studio.missingLinks.navLabel", section: "platform" },
  { to: "/studio/data/logs", label: "studio.logs.nav", section: "platform" },
  { to: "/studio/data/tools", label: "studio.tools.nav", section: "platform" },
  { to: "/studio/data/cached-data", label: "studio.cachedData.navLabel", section: "platform" },
  { to: "/studio/user/profile", label: "studio.nav.profile", section: "account" },
];

/** Items the user may open: the same guards the server enforces (super admin for "admin"). */
export function visibleNav(isSuperAdmin: boolean): NavItem[] {
  return STUDIO_NAV.filter((item) => {
    const guards = ruleFor(item.to)?.rule.guards ?? [];
    return !guards.includes("admin") || isSuperAdmin;
  });
}

/** The effective client's own pages by its slug (client-access guard), listed after the client's home. */
export function clientNav(slug: string): NavItem[] {
  return [{ to: `/studio/${slug}/movies`, label: "studio.clientMovies.nav", section: "client" }];
}
