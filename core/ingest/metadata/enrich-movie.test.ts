// Enriching a new movie from a TMDB-compatible provider served on 127.0.0.1: empty facts filled, titles
// per language added, the poster stored as a platform asset, the synopsis, age ratings and trailer filled; what a person typed kept; an id another
// movie holds left out; no provider, no movie or no answer: skipped, nothing changed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../../db/schema/assets.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../fetch-feed.ts";
import { uploadServices } from "../../assets/asset-test-support.ts";
import { auditRowsFor } from "../../tenancy/tenancy-test-fixtures.ts";
import { enrichMovie, type EnrichServices } from "./enrich-movie.ts";
import { createMetadataCache } from "./metadata-cache.ts";
import { createTmdbClient } from "./tmdb-client.ts";

const database = useTestDatabase();
let server: Server;
let services: EnrichServices;
let poster: Buffer;

beforeAll(async () => {
  poster = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const json = (body: unknown) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/3/find/tt0000042") return json({ movie_results: [{ id: 4242 }] });
    if (url.pathname === "/3/movie/4242") {
      const appended = (url.searchParams.get("append_to_response") ?? "").split(",");
      return json({
        id: 4242,
        imdb_id: "tt0000042",
        title: "The Harbour Light",
        original_title: "Het Havenlicht",
        original_language: "nl",
        release_date: "2021-03-04",
        runtime: 104,
        overview: "A keeper and a storm.",
        poster_path: "/harbour.png",
        genres: [{ name: "Drama" }, { name: "Science Fiction" }],
        external_ids: { wikidata_id: "Q4242" },
        translations: {
          translations: [{ iso_639_1: "nl", data: { title: "Het Havenlicht", overview: "Een wachter." } }],
        },
        ...(appended.includes("release_dates")
          ? {
              release_dates: {
                results: [
                  { iso_3166_1: "NL", release_dates: [{ certification: "12", type: 3 }] },
                  { iso_3166_1: "GB", release_dates: [{ certification: "12A", type: 3 }] },
                ],
              },
            }
          : {}),
        ...(appended.includes("videos")
          ? { videos: { results: [{ key: "harbour1", site: "YouTube", type: "Trailer", official: true }] } }
          : {}),
      });
    }
    if (url.pathname === "/3/search/movie") {
      const found = url.searchParams.get("query") === "The Harbour Light";
      return json({
        results: found ? [{ id: 4242, title: "The Harbour Light", release_date: "2021-03-04" }] : [],
      });
    }
    if (url.pathname === "/images/w500/harbour.png")
      return response.writeHead(200, { "content-type": "image/png" }).end(poster);
    response.writeHead(404, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metadata = createTmdbClient(
    {
      baseUrl: `${base}/3`,
      imageBaseUrl: `${base}/images/w500`,
      apiKey: "v3key",
      timeoutMs: 2_000,
      cacheTtlSeconds: 60,
    },
    createMetadataCache(),
  );
  services = {
    ...uploadServices(database().db),
    apiCache: createApiResponseCache(),
    metadata,
    // As server/create-services.ts: the configured image host is allowed, whatever it resolves to.
    imageFetch: { ...DEFAULT_FEED_FETCH_SETTINGS, timeoutMs: 2_000, allowedPrivateHosts: ["127.0.0.1"] },
  };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const movie = async (values: Partial<typeof movies.$inferInsert>) => {
  const [row] = await database()
    .db.insert(movies)
    .values({ title: "The Harbour Light", slug: `harbour-${Math.random().toString(36).slice(2)}`, ...values })
    .returning({ id: movies.id });
  return row!.id;
};
const read = async (id: string) => (await database().db.select().from(movies).where(eq(movies.id, id)))[0]!;

describe("enrichMovie", () => {
  it("fills empty facts, adds titles and stores the poster, keeping what a person typed", async () => {
    // A person typed the runtime and the Dutch rating: both stay; the other country's rating is added.
    const id = await movie({ imdbId: "tt0000042", runtimeMinutes: 99, certification: { NL: "16" } });
    const outcome = await enrichMovie(services, { movieId: id });
    expect(outcome).toMatchObject({ status: "enriched" });
    const after = await read(id);
    expect(after).toMatchObject({
      runtimeMinutes: 99,
      year: 2021,
      originalTitle: "Het Havenlicht",
      originalLanguage: "nl",
      tmdbId: 4242,
      wikidataId: "Q4242",
      genres: ["drama", "science-fiction"],
      synopsis: { en: "A keeper and a storm.", nl: "Een wachter." },
      certification: { NL: "16", GB: "12A" },
      trailerUrl: "https://www.youtube.com/watch?v=harbour1",
    });
    expect(after.posterAssetId).not.toBeNull();
    const [asset] = await database().db.select().from(assets).where(eq(assets.id, after.posterAssetId!));
    expect(asset).toMatchObject({
      kind: "poster",
      width: 40,
      height: 60,
      ownerClientId: null,
      uploadedBy: null,
    });
    const titles = await database().db.select().from(movieTitles).where(eq(movieTitles.movieId, id));
    expect(titles.map((t) => [t.locale, t.title])).toEqual([["nl", "Het Havenlicht"]]);
    const [audit] = await auditRowsFor(database().db, "catalog.movie.enrich");
    expect(audit).toMatchObject({ entityId: id, actorProfileId: null });

    // Again: nothing left to fill.
    expect(await enrichMovie(services, { movieId: id })).toEqual({ status: "enriched", fields: [] });
  });

  it("leaves out the ids another movie holds", async () => {
    // The first test's movie holds tt0000042, 4242 and Q4242; this one is found by title and year.
    const id = await movie({ year: 2021 });
    expect(await enrichMovie(services, { movieId: id })).toMatchObject({ status: "enriched" });
    expect(await read(id)).toMatchObject({
      imdbId: null,
      tmdbId: null,
      wikidataId: null,
      runtimeMinutes: 104,
      certification: { NL: "12", GB: "12A" },
      trailerUrl: "https://www.youtube.com/watch?v=harbour1",
    });
    // A trailer someone chose and a synopsis someone wrote are kept.
    const typed = await movie({
      year: 2021,
      trailerUrl: "https://vimeo.com/1",
      synopsis: { en: "Our own words." },
    });
    await enrichMovie(services, { movieId: typed });
    expect(await read(typed)).toMatchObject({
      trailerUrl: "https://vimeo.com/1",
      synopsis: { en: "Our own words.", nl: "Een wachter." },
    });
    // A title the provider does not know: skipped, unchanged.
    const unknown = await movie({ title: "Nobody Knows This One" });
    expect(await enrichMovie(services, { movieId: unknown })).toEqual({
      status: "skipped",
      reason: "not-found",
    });
    expect(await read(unknown)).toMatchObject({ runtimeMinutes: null, posterAssetId: null });
  });

  it("skips without a provider or a movie", async () => {
    expect(await enrichMovie({ ...services, metadata: null }, { movieId: await movie({}) })).toEqual({
      status: "skipped",
      reason: "no-provider",
    });
    expect(await enrichMovie(services, { movieId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      status: "skipped",
      reason: "no-movie",
    });
  });
});
