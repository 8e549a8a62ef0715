// Browser-safe paths of the catalogue list pages (forms post to them).
export const ATTRIBUTES_PATH = "/studio/data/attributes";
export const CINEMA_CHAINS_PATH = "/studio/data/cinema-chains";
export const CINEMAS_PATH = "/studio/data/cinemas";
