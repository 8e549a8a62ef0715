// The addresses of the film and cinema pages, for links from any public page (browser and server).
// A parameter the page would default to anyway is left out, so that links share one cached page.

export type FilmPageOptions = {
  /** a city's name, as the city field takes it */
  city?: string;
  /** "lat,lon", as the home page's near-me listing writes it */
  near?: string;
  /** a listing date, YYYY-MM-DD, or "tonight" */
  date?: string;
  /** how many cinemas the visitor asked to see */
  cinemas?: number;
};

export function filmPagePath(slug: string, options: FilmPageOptions = {}): string {
  const params = new URLSearchParams();
  if (options.near) params.set("near", options.near);
  else if (options.city) params.set("city", options.city);
  if (options.date) params.set("date", options.date);
  if (options.cinemas) params.set("cinemas", String(options.cinemas));
  const query = params.toString();
  return `/films/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}

export type CinemaPageOptions = {
  /** a listing date, YYYY-MM-DD, or "tonight" */
  date?: string;
  /** how many films the visitor asked to see */
  films?: number;
};

export function cinemaPagePath(slug: string, options: CinemaPageOptions = {}): string {
  const params = new URLSearchParams();
  if (options.date) params.set("date", options.date);
  if (options.films) params.set("films", String(options.films));
  const query = params.toString();
  return `/cinemas/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}
