import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createStudioGuard, pageUrl } from "./guards.server.ts";
import {
  assertKnownGuards,
  decodeRoutePath,
  globalGuardApplies,
  guardPath,
  isStudioPath,
  ROUTE_RULES,
  ruleFor,
} from "./route-access.ts";

describe("pageUrl", () => {
  it("turns single-fetch data URLs into the page they are for", () => {
    expect(pageUrl("http://x/studio/user/login.data").pathname).toBe("/studio/user/login");
    expect(pageUrl("http://x/studio.data?_routes=root").toString()).toBe("http://x/studio");
    expect(pageUrl("http://x/_.data").pathname).toBe("/");
    expect(pageUrl("http://x/studio/config/user-profiles.data?page=2&_routes=a").search).toBe("?page=2");
  });
});

describe("the path the guard judges", () => {
  it("is decoded per segment as React Router decodes it, an encoded slash kept inside its segment", () => {
    expect(decodeRoutePath("/studio/%63onfig/clients")).toBe("/studio/config/clients");
    expect(decodeRoutePath("/studio/config%2Fclients")).toBe("/studio/config%2Fclients");
    expect(decodeRoutePath("/studio/%E2%82%AC")).toBe("/studio/€");
    expect(decodeRoutePath("/studio/%zz/clients")).toBe("/studio/%zz/clients");
  });

  it("collapses repeated slashes and drops trailing ones", () => {
    expect(guardPath("/studio//config///clients//")).toBe("/studio/config/clients");
    expect(guardPath("//studio/config/clients")).toBe("/studio/config/clients");
    expect(guardPath("/")).toBe("/");
  });

  it("recognises the studio and its rules in any letter case or spelling", () => {
    for (const path of ["/STUDIO", "/Studio/config", "/%73tudio/x", "//studio/config/clients"])
      expect(isStudioPath(path), path).toBe(true);
    expect(isStudioPath("/studiox")).toBe(false);
    for (const path of ["/STUDIO/CONFIG/CLIENTS", "/studio/%63onfig/clients/", "/studio//config/clients"])
      expect(ruleFor(path)?.rule.guards, path).toEqual(["auth", "admin"]);
    expect(ruleFor("/studio/Demo")?.params.slug).toBe("Demo");
    expect(globalGuardApplies("/STUDIO/Config/Clients")).toBe(true);
    expect(globalGuardApplies("/STUDIO/USER/LOGIN")).toBe(false);
  });
});

describe("global guard", () => {
  it("covers /studio and everything under it except login, callback, register and logout", () => {
    expect(globalGuardApplies("/studio")).toBe(true);
    expect(globalGuardApplies("/studio/config/clients")).toBe(true);
    expect(globalGuardApplies("/studio/user/login")).toBe(false);
    expect(globalGuardApplies("/studio/user/confirm")).toBe(false);
    expect(globalGuardApplies("/studio/user/register")).toBe(false);
    expect(globalGuardApplies("/")).toBe(false);
    expect(globalGuardApplies("/cookieverklaring")).toBe(false);
    expect(globalGuardApplies("/studiox")).toBe(false);
  });
});

describe("route rules", () => {
  it("matches fixed studio paths before the {slug} pages", () => {
    expect(ruleFor("/studio/stats")?.rule.guards).toEqual(["auth"]);
    expect(ruleFor("/studio/config/clients")?.rule.guards).toEqual(["auth", "admin"]);
    expect(ruleFor("/studio/acme")?.rule.guards).toEqual(["auth", "client-access"]);
    expect(ruleFor("/studio/acme")?.params.slug).toBe("acme");
    expect(ruleFor("/studio/acme/movies")?.rule.guards).toEqual(["auth", "client-access"]);
  });

  it("needs a super admin for every data, config and missing-links page", () => {
    for (const path of [
      "/studio/data/logs",
      "/studio/data/tools",
      "/studio/data/movies",
      "/studio/data/cinemas",
      "/studio/data/showtimes",
      "/studio/data/cached-data",
      "/studio/missing-links",
      "/studio/config/clients",
      "/studio/config/countries",
      "/studio/config/credit-usage",
      "/studio/config/credit-offers",
      "/studio/config/user-profiles",
      "/studio/config/credit-balances",
      "/studio/config/credit-purchases",
    ]) {
      expect(ruleFor(path)?.rule.guards, path).toContain("admin");
    }
    for (const path of [
      "/studio/data/attributes",
      "/studio/data/cinema-chains",
      "/studio/data/country-access",
    ]) {
      expect(ruleFor(path)?.rule.guards, path).toEqual(["auth"]);
    }
  });

  it("refuses an unknown guard name at start-up", () => {
    expect(() => assertKnownGuards([{ path: "/studio/x", guards: ["auht" as "auth"] }])).toThrow(
      'Unknown route guard "auht"',
    );
    expect(() => assertKnownGuards(ROUTE_RULES)).not.toThrow();
  });
});

describe("per-route redirects", () => {
  it("redirects before anything else, also to another site", async () => {
    const guard = createStudioGuard([
      { path: "/studio/help", guards: [], redirectTo: "https://help.example.org/reeltime" },
      { path: "/studio/old-dashboard", guards: ["auth"], redirectTo: "/studio" },
    ]);
    const run = async (path: string) => {
      try {
        await guard(
          {
            request: new Request(`http://x${path}`),
            url: new URL(`http://x${path}`),
            pattern: path,
            context: new RouterContextProvider(),
            params: {},
          },
          async () => new Response("page"),
        );
        return null;
      } catch (thrown) {
        return thrown instanceof Response ? [thrown.status, thrown.headers.get("location")] : thrown;
      }
    };
    expect(await run("/studio/help")).toEqual([302, "https://help.example.org/reeltime"]);
    expect(await run("/studio/old-dashboard.data")).toEqual([302, "/studio"]);
  });
});
