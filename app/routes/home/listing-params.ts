// The listing's query parameters that the page (browser) and its loader (server) both know.

/** Films on the first screen, and how many more each "more films" link adds. */
export const FILMS_STEP = 8;
