// The access matrix: every route that exists × every kind of visitor, for document requests
// and for data requests, against the real app. Later issues add their routes to the route tables:
// access-matrix-public-routes.ts, access-matrix-studio-routes.ts and access-matrix-platform-routes.ts.
import { afterAll, describe, expect, it } from "vitest";
import { PLATFORM_ROUTES } from "./access-matrix-platform-routes.ts";
import { PUBLIC_ROUTES } from "./access-matrix-public-routes.ts";
import { STUDIO_ROUTES } from "./access-matrix-studio-routes.ts";
import {
  app,
  cookies,
  dataOutcome,
  dataPath,
  documentOutcome,
  restoreVisitors,
  setUpAccessMatrix,
  WHO,
} from "./access-matrix-test-support.ts";

setUpAccessMatrix();

const ROUTES = [...PUBLIC_ROUTES, ...STUDIO_ROUTES, ...PLATFORM_ROUTES];

describe.each(ROUTES)("$path", (route) => {
  afterAll(restoreVisitors);
  it.each(WHO)("document request as %s", async (who) => {
    const res = await app.request(route.path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
    expect(documentOutcome(res)).toBe(route.expect[who]);
  });
  it.each(WHO)("data request as %s", async (who) => {
    const res = await app.request(dataPath(route.path), {
      headers: cookies[who] ? { cookie: cookies[who] } : {},
    });
    expect(await dataOutcome(res)).toBe(route.expect[who]);
  });
});

/** Public files (resource routes: no data request of their own): everyone gets them. */
const PUBLIC_FILES = [
  { path: "/robots.txt", contentType: "text/plain" },
  { path: "/sitemap.xml", contentType: "application/xml" },
  { path: "/NOTICE.txt", contentType: "text/plain" },
  // issue 25: search suggestions and the iCalendar feeds a calendar app subscribes to
  { path: "/search/suggest?q=matrix", contentType: "application/json" },
  { path: "/cinemas/matrix-cinema/calendar.ics", contentType: "text/calendar" },
  { path: "/films/matrix-film/calendar.ics?city=Amsterdam", contentType: "text/calendar" },
];

describe.each(PUBLIC_FILES)("$path", (file) => {
  it.each(WHO)("is served to %s", async (who) => {
    const res = await app.request(file.path, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type") ?? "").toContain(file.contentType);
  });
});
