// Whatever changes the data behind the public API — imports, studio edits of cinemas, movies, showtimes,
// attributes, countries or country access — must call this after its transaction commits: every cached API
// answer (on every instance, with Redis) becomes stale at once and the next identical query reads the
// database again. Without it, cached answers live until their max-age (60 s for showtimes, 300 s for the
// catalogue).
import type { ApiResponseCache } from "./response-cache.ts";

export async function invalidateApiData(services: { apiCache: ApiResponseCache }): Promise<number> {
  return services.apiCache.bumpDataVersion();
}
