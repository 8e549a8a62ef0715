// A metadata provider over a TMDB-compatible HTTP API (v3 paths): find a film by IMDb id, or search by
// title and year, then read its details with translations and external ids. The key comes from
// configuration (TMDB_API_KEY: a v3 key is sent as `api_key`, a v4 read token as a Bearer header). Answers
// are cached (namespace "external-metadata"): the same question within the TTL costs no request.
// Tests point TMDB_API_URL at a local server that replays hand-written payloads.
import { z } from "zod";
import type { MetadataCache } from "./metadata-cache.ts";

export type MovieMetadata = {
  tmdbId: number;
  imdbId: string | null;
  wikidataId: string | null;
  title: string;
  originalTitle: string | null;
  originalLanguage: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  genres: string[];
  /** locale → title, from the translations (only where it differs from the main title) */
  titles: Record<string, string>;
  /** locale → overview */
  synopsis: Record<string, string>;
  /** the poster's full URL, when there is one */
  posterUrl: string | null;
  /** country (ISO 3166-1) → age rating as that country's board gives it (the theatrical release's first) */
  certification: Record<string, string>;
  /** the trailer's page (YouTube or Vimeo), official ones first, when there is one */
  trailerUrl: string | null;
};

export type MetadataQuery = { imdbId?: string; tmdbId?: number; title?: string; year?: number };

export type MetadataProvider = {
  /** The film the query names, or null when the provider knows none (or nothing matches well enough). */
  findMovie(query: MetadataQuery): Promise<MovieMetadata | null>;
};

export type TmdbSettings = {
  baseUrl: string;
  imageBaseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** seconds an answer stays cached */
  cacheTtlSeconds: number;
};

export class MetadataProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MetadataProviderError";
  }
}

const searchSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      title: z.string().optional(),
      original_title: z.string().optional(),
      release_date: z.string().optional().nullable(),
      popularity: z.number().optional(),
    }),
  ),
});

const findSchema = z.object({ movie_results: z.array(z.object({ id: z.number().int() })) });

const detailSchema = z.object({
  id: z.number().int(),
  imdb_id: z.string().nullable().optional(),
  title: z.string(),
  original_title: z.string().nullable().optional(),
  original_language: z.string().nullable().optional(),
  release_date: z.string().nullable().optional(),
  runtime: z.number().int().nullable().optional(),
  overview: z.string().nullable().optional(),
  poster_path: z.string().nullable().optional(),
  genres: z.array(z.object({ name: z.string() })).optional(),
  external_ids: z.object({ wikidata_id: z.string().nullable().optional() }).optional(),
  release_dates: z
    .object({
      results: z.array(
        z.object({
          iso_3166_1: z.string(),
          release_dates: z.array(
            z.object({ certification: z.string().optional(), type: z.number().int().optional() }),
          ),
        }),
      ),
    })
    .optional(),
  videos: z
    .object({
      results: z.array(
        z.object({
          key: z.string(),
          site: z.string(),
          type: z.string(),
          official: z.boolean().optional(),
        }),
      ),
    })
    .optional(),
  translations: z
    .object({
      translations: z.array(
        z.object({
          iso_639_1: z.string(),
          data: z.object({ title: z.string().optional(), overview: z.string().optional() }),
        }),
      ),
    })
    .optional(),
});

const yearOf = (date: string | null | undefined) => {
  const year = Number(date?.slice(0, 4));
  return Number.isInteger(year) && year > 1800 ? year : null;
};

type Detail = z.infer<typeof detailSchema>;

/** TMDB's release type 3: the theatrical release, whose rating cinemas show. */
const THEATRICAL = 3;

/** Per country, the theatrical release's rating, else the first release's that has one. */
function certificationsOf(movie: Detail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const country of movie.release_dates?.results ?? []) {
    const code = country.iso_3166_1.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) continue;
    const rated = country.release_dates.filter((r) => (r.certification ?? "").trim() !== "");
    const chosen = rated.find((r) => r.type === THEATRICAL) ?? rated[0];
    if (chosen?.certification) out[code] = chosen.certification.trim().slice(0, 20);
  }
  return out;
}

const VIDEO_PAGES = new Map<string, (key: string) => string>([
  ["YouTube", (key) => `https://www.youtube.com/watch?v=${key}`],
  ["Vimeo", (key) => `https://vimeo.com/${key}`],
]);

/** The trailer's page: a trailer on a known site with a well-formed key, official ones first. */
function trailerOf(movie: Detail): string | null {
  const trailers = (movie.videos?.results ?? []).filter(
    (video) => video.type === "Trailer" && VIDEO_PAGES.has(video.site) && /^[\w-]{1,64}$/.test(video.key),
  );
  const chosen = trailers.find((video) => video.official) ?? trailers[0];
  const page = chosen && VIDEO_PAGES.get(chosen.site);
  return page ? page(chosen.key) : null;
}

/** A v4 read access token is a JWT; anything else is a v3 key. */
const isBearerToken = (key: string) => key.split(".").length === 3;

export function createTmdbClient(settings: TmdbSettings, cache: MetadataCache): MetadataProvider {
  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(
      path.replace(/^\//, ""),
      settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`,
    );
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const cacheKey = `tmdb:${url.pathname}?${url.searchParams.toString()}`;
    const cached = await cache.get(cacheKey);
    if (cached !== undefined) return JSON.parse(cached) as unknown;
    const headers: Record<string, string> = { accept: "application/json" };
    if (isBearerToken(settings.apiKey)) headers.authorization = `Bearer ${settings.apiKey}`;
    else url.searchParams.set("api_key", settings.apiKey);
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      throw new MetadataProviderError(
        `metadata provider unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status === 404) {
      await cache.set(cacheKey, "null", settings.cacheTtlSeconds);
      return null;
    }
    if (!response.ok) throw new MetadataProviderError(`metadata provider answered HTTP ${response.status}`);
    const text = await response.text();
    await cache.set(cacheKey, text, settings.cacheTtlSeconds);
    return JSON.parse(text) as unknown;
  }

  async function details(tmdbId: number): Promise<MovieMetadata | null> {
    const body = await get(`/movie/${tmdbId}`, {
      append_to_response: "translations,external_ids,release_dates,videos",
    });
    if (body === null) return null;
    const parsed = detailSchema.safeParse(body);
    if (!parsed.success) throw new MetadataProviderError("metadata provider answered in an unknown shape");
    const movie = parsed.data;
    const titles: Record<string, string> = {};
    const synopsis: Record<string, string> = {};
    for (const translation of movie.translations?.translations ?? []) {
      const locale = translation.iso_639_1.toLowerCase();
      if (translation.data.title && translation.data.title !== movie.title)
        titles[locale] ??= translation.data.title;
      if (translation.data.overview) synopsis[locale] ??= translation.data.overview;
    }
    if (movie.overview) synopsis.en ??= movie.overview;
    return {
      tmdbId: movie.id,
      imdbId: movie.imdb_id && /^tt\d{7,8}$/.test(movie.imdb_id) ? movie.imdb_id : null,
      wikidataId: movie.external_ids?.wikidata_id ?? null,
      title: movie.title,
      originalTitle: movie.original_title ?? null,
      originalLanguage: movie.original_language ?? null,
      year: yearOf(movie.release_date),
      runtimeMinutes: movie.runtime && movie.runtime > 0 ? movie.runtime : null,
      genres: (movie.genres ?? []).map((genre) => genre.name.toLowerCase()),
      titles,
      synopsis,
      posterUrl: movie.poster_path ? `${settings.imageBaseUrl.replace(/\/$/, "")}${movie.poster_path}` : null,
      certification: certificationsOf(movie),
      trailerUrl: trailerOf(movie),
    };
  }

  return {
    async findMovie(query) {
      if (query.tmdbId) return details(query.tmdbId);
      if (query.imdbId) {
        const found = findSchema.safeParse(
          await get(`/find/${query.imdbId}`, { external_source: "imdb_id" }),
        );
        const id = found.success ? found.data.movie_results[0]?.id : undefined;
        if (id) return details(id);
      }
      if (!query.title) return null;
      const params: Record<string, string> = { query: query.title, include_adult: "false" };
      if (query.year) params.year = String(query.year);
      const searched = searchSchema.safeParse(await get("/search/movie", params));
      if (!searched.success)
        throw new MetadataProviderError("metadata provider answered in an unknown shape");
      // Precision first: only a result whose title is the query's (any case) and, with a year, of that year.
      const wanted = query.title.trim().toLowerCase();
      const match = searched.data.results.find(
        (result) =>
          [result.title, result.original_title].some((title) => title?.trim().toLowerCase() === wanted) &&
          (!query.year || yearOf(result.release_date) === query.year),
      );
      return match ? details(match.id) : null;
    },
  };
}
