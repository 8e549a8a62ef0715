// Whatever changes the data behind the public API — imports, studio edits of cinemas, movies, showtimes,
// attributes, countries or country access — must call this after its transaction commits: every cached API
// answer (on every instance, with Redis) becomes stale at once and the next identical query reads the
// database again. Without it, cached answers live until their max-age (60 s for showtimes, 300 s for the
// catalogue).
import type { AppServices } from "../services.ts";

export async function invalidateApiData(services: Pick<AppServices, "apiCache">): Promise<number> {
  return services.apiCache.bumpDataVersion();
}
