// The access matrix's rows for the platform's pages (/studio/config, /studio/data, missing links): what
// each visitor gets (server/access-matrix.test.ts runs them).
import type { RouteRow } from "./access-matrix-test-support.ts";

export const PLATFORM_ROUTES: RouteRow[] = [
  {
    path: "/studio/config/clients",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/user-profiles?page=2",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-usage",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-offers",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/countries",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/countries?tab=bundles",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-balances",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/config/credit-purchases",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/attributes",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinema-chains",
    expect: {
      anonymous: "login",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinemas",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/movies",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/showtimes",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/missing-links",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cinemas/options?q=a",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/logs",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/cached-data",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/data/tools",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    // an export that does not exist: only a super admin gets as far as the lookup
    path: "/studio/data/tools/exports/00000000-0000-4000-8000-000000000000",
    expect: {
      anonymous: "login",
      viewer: 403,
      editor: 403,
      admin: 403,
      superAdmin: 404,
      impersonating: 404,
    },
  },
];
