// Browser-safe paths of the showtime page and the pickers' option lists it reads.
export const SHOWTIMES_PATH = "/studio/data/showtimes";
export const CINEMA_OPTIONS_PATH = "/studio/data/cinemas/options";
/** Answered by the movie page's resource route (same JSON shape as the cinema options). */
export const MOVIE_OPTIONS_PATH = "/studio/data/movies/options";
