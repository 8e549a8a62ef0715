// Browser-safe paths of the catalogue list pages (forms post to them).
export const ATTRIBUTES_PATH = "/studio/data/attributes";
export const CINEMA_CHAINS_PATH = "/studio/data/cinema-chains";
export const CINEMAS_PATH = "/studio/data/cinemas";
export const MOVIES_PATH = "/studio/data/movies";
/** The movie picker's source: `?q=` (and `exclude=<id>`) answers `{ options }`. */
export const MOVIE_OPTIONS_PATH = "/studio/data/movies/options";
