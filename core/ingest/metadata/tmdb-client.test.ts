// The TMDB-compatible client against a local server replaying hand-written answers: lookup by IMDb id,
// search by title and year (precision first: a near title is no match), details with translations and
// ids, age ratings per country and the trailer (appended only when asked for, as TMDB does), the key sent the way the provider expects, answers cached, and failures reported plainly.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMetadataCache } from "./metadata-cache.ts";
import { createTmdbClient, MetadataProviderError, type TmdbSettings } from "./tmdb-client.ts";

let server: Server;
let settings: TmdbSettings;
const requests: string[] = [];
const authorizations: (string | undefined)[] = [];

const DETAIL = {
  id: 4242,
  imdb_id: "tt0000042",
  title: "The Harbour Light",
  original_title: "Het Havenlicht",
  original_language: "nl",
  release_date: "2021-03-04",
  runtime: 104,
  overview: "A keeper and a storm.",
  poster_path: "/harbour.jpg",
  genres: [{ name: "Drama" }],
  external_ids: { wikidata_id: "Q4242" },
  translations: {
    translations: [
      { iso_639_1: "nl", data: { title: "Het Havenlicht", overview: "Een wachter en een storm." } },
      { iso_639_1: "fr", data: { title: "", overview: "" } },
    ],
  },
};

/** What TMDB appends on `append_to_response=release_dates,videos`. */
const APPENDED = {
  release_dates: {
    results: [
      // the premiere has no rating; the theatrical release's counts
      {
        iso_3166_1: "NL",
        release_dates: [
          { certification: "", type: 1 },
          { certification: "9", type: 4 },
          { certification: "12", type: 3 },
        ],
      },
      { iso_3166_1: "US", release_dates: [{ certification: "PG-13", type: 5 }] },
      { iso_3166_1: "FR", release_dates: [{ certification: "", type: 3 }] },
      { iso_3166_1: "not-a-country", release_dates: [{ certification: "X", type: 3 }] },
    ],
  },
  videos: {
    results: [
      { key: "teaser1", site: "YouTube", type: "Teaser", official: true },
      { key: "fan-cut", site: "YouTube", type: "Trailer", official: false },
      { key: "bad key/..", site: "YouTube", type: "Trailer", official: true },
      { key: "official_1", site: "YouTube", type: "Trailer", official: true },
    ],
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    requests.push(`${url.pathname}?${url.searchParams.toString()}`);
    authorizations.push(request.headers.authorization);
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/3/find/tt0000042") return send(200, { movie_results: [{ id: 4242 }] });
    if (url.pathname === "/3/find/tt9999999") return send(200, { movie_results: [] });
    if (url.pathname === "/3/movie/4242") {
      const appended = (url.searchParams.get("append_to_response") ?? "").split(",");
      return send(200, {
        ...DETAIL,
        ...(appended.includes("release_dates") ? { release_dates: APPENDED.release_dates } : {}),
        ...(appended.includes("videos") ? { videos: APPENDED.videos } : {}),
      });
    }
    if (url.pathname === "/3/movie/500") return send(500, { status_message: "boom" });
    if (url.pathname === "/3/movie/777") return send(200, { unexpected: true });
    if (url.pathname === "/3/search/movie") {
      return send(200, {
        results: [
          { id: 1, title: "The Harbour Lights", release_date: "2021-01-01" },
          { id: 4242, title: "The Harbour Light", release_date: "2021-03-04" },
        ],
      });
    }
    send(404, { status_message: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings = {
    baseUrl: `${base}/3`,
    imageBaseUrl: `${base}/images/w500`,
    apiKey: "v3key",
    timeoutMs: 2_000,
    cacheTtlSeconds: 60,
  };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("TMDB-compatible metadata provider", () => {
  it("finds a film by IMDb id and reads its details, translations, ids, age ratings and trailer", async () => {
    const client = createTmdbClient(settings, createMetadataCache());
    const movie = await client.findMovie({ imdbId: "tt0000042" });
    expect(movie).toEqual({
      tmdbId: 4242,
      imdbId: "tt0000042",
      wikidataId: "Q4242",
      title: "The Harbour Light",
      originalTitle: "Het Havenlicht",
      originalLanguage: "nl",
      year: 2021,
      runtimeMinutes: 104,
      genres: ["drama"],
      titles: { nl: "Het Havenlicht" },
      synopsis: { nl: "Een wachter en een storm.", en: "A keeper and a storm." },
      posterUrl: `${settings.imageBaseUrl}/harbour.jpg`,
      certification: { NL: "12", US: "PG-13" },
      trailerUrl: "https://www.youtube.com/watch?v=official_1",
    });
    expect(requests.some((r) => r.includes("api_key=v3key"))).toBe(true);
  });

  it("searches by title and year, taking only an exact title", async () => {
    const client = createTmdbClient(settings, createMetadataCache());
    expect((await client.findMovie({ title: "the harbour light", year: 2021 }))?.tmdbId).toBe(4242);
    expect(await client.findMovie({ title: "The Harbour Light", year: 1999 })).toBeNull();
    expect(await client.findMovie({ title: "Harbour" })).toBeNull();
    expect(await client.findMovie({ imdbId: "tt9999999" })).toBeNull();
    expect(await client.findMovie({ tmdbId: 31337 })).toBeNull();
  });

  it("answers the same question from its cache", async () => {
    const client = createTmdbClient(settings, createMetadataCache());
    const before = requests.length;
    await client.findMovie({ tmdbId: 4242 });
    await client.findMovie({ tmdbId: 4242 });
    expect(requests.length - before).toBe(1);
  });

  it("sends a v4 token as a Bearer header, never in the address", async () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ4In0.c2lnbmF0dXJl";
    const client = createTmdbClient({ ...settings, apiKey: token }, createMetadataCache());
    const before = requests.length;
    await client.findMovie({ imdbId: "tt0000042" });
    expect(authorizations.at(-1)).toBe(`Bearer ${token}`);
    expect(requests.slice(before).some((r) => r.includes(token))).toBe(false);
  });

  it("reports a failing or strange provider plainly", async () => {
    const client = createTmdbClient(settings, createMetadataCache());
    await expect(client.findMovie({ tmdbId: 500 })).rejects.toThrow(MetadataProviderError);
    await expect(client.findMovie({ tmdbId: 777 })).rejects.toThrow(/unknown shape/);
    const offline = createTmdbClient({ ...settings, baseUrl: "http://127.0.0.1:9/3" }, createMetadataCache());
    await expect(offline.findMovie({ tmdbId: 4242 })).rejects.toThrow(/unreachable/);
  });
});
