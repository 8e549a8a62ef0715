// The access matrix's rows for the public site and the sign-in pages: what each visitor gets there
// (server/access-matrix.test.ts requests each row as every visitor).
import type { RouteRow } from "./access-matrix-test-support.ts";

export const PUBLIC_ROUTES: RouteRow[] = [
  {
    path: "/",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/cookieverklaring",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/terms",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/privacy",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  // "Find a film" (issue 11): a film's and a cinema's pages are public; unknown ones are 404 for everyone.
  {
    path: "/films/matrix-film",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/films/matrix-film?city=Amsterdam&date=tonight",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/films/no-such-film",
    expect: { anonymous: 404, viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/cinemas/matrix-cinema",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  // issue 25: "Tell me when showtimes appear" needs no account
  {
    path: "/films/matrix-film/follow",
    expect: {
      anonymous: "page",
      viewer: "page",
      editor: "page",
      admin: "page",
      superAdmin: "page",
      impersonating: "page",
    },
  },
  {
    path: "/shows/00000000-0000-4000-8000-000000000000",
    expect: { anonymous: 404, viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/cinemas/no-such-cinema",
    expect: { anonymous: 404, viewer: 404, editor: 404, admin: 404, superAdmin: 404, impersonating: 404 },
  },
  {
    path: "/studio/user/login",
    expect: {
      anonymous: "page",
      viewer: "studio",
      editor: "studio",
      admin: "studio",
      superAdmin: "studio",
      impersonating: "studio",
    },
  },
  {
    path: "/studio/user/register",
    expect: {
      anonymous: "page",
      viewer: "studio",
      editor: "studio",
      admin: "studio",
      superAdmin: "studio",
      impersonating: "studio",
    },
  },
  {
    path: "/studio/user/confirm",
    expect: { anonymous: 400, viewer: 400, editor: 400, admin: 400, superAdmin: 400, impersonating: 400 },
  },
];
