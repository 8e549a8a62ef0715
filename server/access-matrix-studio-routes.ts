// The access matrix's rows for the studio pages of a client's members (their home, profile, keys,
// domains, stats, a client's own pages): what each visitor gets (server/access-matrix.test.ts runs them).
import type { RouteRow } from "./access-matrix-test-support.ts";

export const STUDIO_ROUTES: RouteRow[] = [
  {
    path: "/studio",
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
    path: "/studio/user/profile",
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
    path: "/studio/api-keys",
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
    path: "/studio/assets",
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
    path: "/studio/data/country-access",
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
    // Every member reads the domains, as the keys; only admins change them (403 for the others:
    // app/routes/studio/api-keys.test.ts "/studio/domains").
    path: "/studio/domains",
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
    path: "/studio/stats",
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
    path: "/studio/stats?days=90&operation=listShowtimes",
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
    path: "/studio/api-lookup",
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
    path: "/studio/documentation",
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
    path: "/studio/demo",
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
    // a super admin opening a client's page acts as that client (impersonation starts, or switches)
    path: "/studio/other",
    expect: {
      anonymous: "login",
      viewer: 404,
      editor: 404,
      admin: 404,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/movies",
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
    path: "/studio/demo/movies",
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
    // a super admin opening a client's page acts as that client (impersonation starts, or switches)
    path: "/studio/other/movies",
    expect: {
      anonymous: "login",
      viewer: 404,
      editor: 404,
      admin: 404,
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/studio/no-such-client",
    expect: { anonymous: "login", viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
];
