import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("layouts/home-layout.tsx", [index("routes/home/route.tsx")]),
  layout("layouts/default-layout.tsx", [route("cookieverklaring", "routes/cookie-statement.tsx")]),
  // Preference forms (work without JavaScript); they redirect back.
  route("preferences/colour-mode", "routes/preferences/colour-mode.ts"),
  route("preferences/locale", "routes/preferences/locale.ts"),
  route("preferences/consent", "routes/preferences/consent.ts"),
  layout("layouts/default-layout.tsx", { id: "not-found-layout" }, [route("*", "routes/not-found.tsx")]),
] satisfies RouteConfig;
