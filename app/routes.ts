import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("layouts/home-layout.tsx", [index("routes/home/route.tsx")]),
  layout("layouts/default-layout.tsx", [
    route("cookieverklaring", "routes/cookie-statement.tsx"),
    // The three auth pages use the default layout, not the admin one.
    route("studio/user/login", "routes/studio/user/login.tsx"),
    route("studio/user/register", "routes/studio/user/register.tsx"),
    route("studio/user/confirm", "routes/studio/user/confirm.tsx"),
  ]),
  route("studio/user/logout", "routes/studio/user/logout.ts"),
  route("studio/session/active-client", "routes/studio/session/active-client.ts"),
  route("studio/session/impersonation", "routes/studio/session/impersonation.ts"),
  layout("layouts/admin-layout.tsx", [
    route("studio", "routes/studio/dashboard.tsx"),
    route("studio/user/profile", "routes/studio/user/profile.tsx"),
    route("studio/stats", "routes/studio/stats.tsx"),
    route("studio/api-lookup", "routes/studio/api-lookup.tsx"),
    route("studio/config/clients", "routes/studio/config/clients.tsx"),
    route("studio/config/clients/:clientId", "routes/studio/config/client-detail.tsx"),
    route("studio/config/user-profiles", "routes/studio/config/user-profiles.tsx"),
    route("studio/api-keys", "routes/studio/api-keys.tsx"),
    route("studio/domains", "routes/studio/domains.tsx"),
    route("studio/config/credit-usage", "routes/studio/config/credit-usage.tsx"),
    route("studio/config/credit-offers", "routes/studio/config/credit-offers.tsx"),
    route("studio/config/credit-balances", "routes/studio/config/credit-balances.tsx"),
    route("studio/config/credit-purchases", "routes/studio/config/credit-purchases.tsx"),
    route("studio/data/attributes", "routes/studio/data/attributes.tsx"),
    route("studio/data/cinema-chains", "routes/studio/data/cinema-chains.tsx"),
    route("studio/data/cinemas", "routes/studio/data/cinemas.tsx"),
    route("studio/config/countries", "routes/studio/config/countries.tsx"),
    route("studio/data/logs", "routes/studio/data/logs.tsx"),
    route("studio/data/country-access", "routes/studio/data/country-access.tsx"),
    route("studio/:slug", "routes/studio/client-home.tsx"),
  ]),
  // Preference forms (work without JavaScript); they redirect back.
  route("preferences/colour-mode", "routes/preferences/colour-mode.ts"),
  route("preferences/locale", "routes/preferences/locale.ts"),
  route("preferences/consent", "routes/preferences/consent.ts"),
  layout("layouts/default-layout.tsx", { id: "not-found-layout" }, [route("*", "routes/not-found.tsx")]),
] satisfies RouteConfig;
