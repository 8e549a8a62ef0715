// Browser-safe paths of the missing-links page and the movie picker's option list it reads.
export const MISSING_LINKS_PATH = "/studio/missing-links";
export const MOVIE_OPTIONS_PATH = "/studio/data/movies/options";
