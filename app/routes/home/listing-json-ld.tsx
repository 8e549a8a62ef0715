import { useRouteLoaderData } from "react-router";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { publicUrl } from "../../lib/public-urls.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { HomeData as Data } from "./listing-link.ts";
import { movieOf, screeningEvents, serializeJsonLd, theaterOf, type JsonLd } from "./structured-data.ts";

/**
 * The listed films' next times as schema.org ScreeningEvents: data for search engines, never executed. Each film and
 * cinema is described once, with the @id its own page gives it, and the events name it (a tenth of the
 * page's bytes less than repeating both in every event).
 */
export function ScreeningEventsJsonLd({ data }: { data: Data }) {
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl;
  if (!baseUrl || data.movies.length === 0) return null;
  const countryCode = data.place.kind === "city" ? data.place.countryCode : undefined;
  const nodes = new Map<string, JsonLd>();
  // A sample for search engines (structured-data.ts): each film's next time, at its first cinema; the
  // cards and the film pages carry the rest (and the page stays within its weight budget).
  const sample = data.movies.map((movie) => ({
    ...movie,
    cinemas: movie.cinemas
      .slice(0, 1)
      .map((cinema) => ({ ...cinema, showtimes: cinema.showtimes.slice(0, 1) })),
  }));
  const movies = sample.map((movie) => {
    let ref: string | undefined;
    if (movie.slug !== null) {
      const url = publicUrl(baseUrl, filmPagePath(movie.slug));
      ref = `${url}#film`;
      nodes.set(ref, { ...movieOf(movie), "@id": ref, url });
    }
    const cinemas = movie.cinemas.map((cinema) => {
      const cinemaUrl = publicUrl(baseUrl, cinemaPagePath(cinema.slug));
      const cinemaRef = `${cinemaUrl}#cinema`;
      if (!nodes.has(cinemaRef))
        nodes.set(cinemaRef, { ...theaterOf(cinema, countryCode), "@id": cinemaRef, url: cinemaUrl });
      return { ...cinema, ref: cinemaRef };
    });
    return { ...movie, ref, cinemas };
  });
  const events = screeningEvents(movies, { url: publicUrl(baseUrl, data.canonicalPath), countryCode });
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd([...nodes.values(), ...events]) }}
    />
  );
}
