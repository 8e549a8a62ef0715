import { describe, expect, it } from "vitest";
import type { ApiMovie } from "../../../../core/api/movies/movie-row.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/movies and /api/v1/movies/{id}", () => {
  const { get } = useApiApp();

  it("lists what is playing, in the asked locale, and gets one", async () => {
    const playing = await get<Page<ApiMovie>>("/api/v1/movies?now_playing=true&locale=nl&limit=5");
    expect(playing.status).toBe(200);
    expect(playing.body.data).toHaveLength(5);
    const movie = playing.body.data[0]!;
    expect(movie.title).toBe(movie.titles.nl ?? movie.title);
    const one = await get<{ data: ApiMovie }>(`/api/v1/movies/${movie.id}?locale=en`);
    expect(one.body.data.title).toBe(movie.titles.en ?? one.body.data.title);
  });

  it("refuses a bad flag, locale or country", async () => {
    const flag = await get<ProblemBody>("/api/v1/movies?now_playing=yes");
    expect(flag.body.invalid_params?.[0]?.name).toBe("now_playing");
    const locale = await get<ProblemBody>("/api/v1/movies?locale=fr");
    expect(locale.body.invalid_params?.[0]?.name).toBe("locale");
    const country = await get<ProblemBody>("/api/v1/movies?country=FR");
    expect([country.status, country.body.country]).toEqual([403, "FR"]);
  });
});
