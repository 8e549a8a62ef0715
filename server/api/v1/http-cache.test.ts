import { describe, expect, it } from "vitest";
import { responseCacheKey } from "./http-cache.ts";

describe("the response cache's key", () => {
  it("reads as operation, path, canonical query and countries", () => {
    const key = responseCacheKey("listMovies", "/api/v1/movies", new URLSearchParams("q=a b&limit=5"), [
      "BE",
      "NL",
    ]);
    expect(key).toBe("listMovies /api/v1/movies?limit=5&q=a+b BE,NL");
  });

  it("is the same for the same parameters in another order, and differs for other countries", () => {
    const a = responseCacheKey("listCinemas", "/api/v1/cinemas", new URLSearchParams("a=1&b=2&a=0"), ["NL"]);
    const b = responseCacheKey("listCinemas", "/api/v1/cinemas", new URLSearchParams("b=2&a=0&a=1"), ["NL"]);
    expect(a).toBe(b);
    expect(
      responseCacheKey("listCinemas", "/api/v1/cinemas", new URLSearchParams("a=0&a=1&b=2"), ["BE"]),
    ).not.toBe(a);
  });

  it("keeps a path's question mark and spaces apart from the query", () => {
    const odd = responseCacheKey("getMovie", "/api/v1/movies/a?b c", new URLSearchParams(""), ["NL"]);
    const plain = responseCacheKey("getMovie", "/api/v1/movies/a", new URLSearchParams("b c"), ["NL"]);
    expect(odd).not.toBe(plain);
  });

  it("keeps one client's widget answers apart from every other caller's", () => {
    const search = new URLSearchParams("city=amsterdam");
    const shared = responseCacheKey("listShowtimes", "/api/v1/showtimes", search, ["NL"]);
    const widgetA = responseCacheKey("listShowtimes", "/api/v1/showtimes", search, ["NL"], "client-a");
    expect(widgetA).toBe("listShowtimes /api/v1/showtimes?city=amsterdam NL widget:client-a");
    expect(widgetA).not.toBe(shared);
    expect(responseCacheKey("listShowtimes", "/api/v1/showtimes", search, ["NL"], "client-b")).not.toBe(
      widgetA,
    );
  });
});
