// The order of the listing's films: by their next show (the default: what can I still catch?), by title,
// or by popularity (how often the cinemas of the place show the film in the coming week). Browser-safe.

export const FILM_SORTS = ["next", "title", "popular"] as const;
export type FilmSort = (typeof FILM_SORTS)[number];
export const DEFAULT_FILM_SORT: FilmSort = "next";

/** A `sort` parameter as a sort; anything else (missing, unknown, hostile) is the default. */
export function parseFilmSort(value: string | null | undefined): FilmSort {
  return (FILM_SORTS as readonly string[]).includes(value ?? "") ? (value as FilmSort) : DEFAULT_FILM_SORT;
}

type SortableFilm = {
  id: string;
  title: string;
  showtimeCount: number;
  cinemas: readonly { showtimes: readonly { startsAt: Date }[] }[];
};

function firstStart(film: SortableFilm): number {
  let first = Infinity;
  for (const cinema of film.cinemas)
    for (const showtime of cinema.showtimes) first = Math.min(first, showtime.startsAt.getTime());
  return first;
}

/**
 * The films in the order asked for; ties go to the film with more shows in the listing, then the title.
 * `popularity` (film id → shows in the place over the coming week) is needed for "popular" only; a film
 * it does not know counts its shows in the listing.
 */
export function sortListing<Film extends SortableFilm>(
  films: readonly Film[],
  sort: FilmSort,
  locale: string,
  popularity?: ReadonlyMap<string, number>,
): Film[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const byTitle = (a: Film, b: Film) => collator.compare(a.title, b.title);
  const byCount = (a: Film, b: Film) => b.showtimeCount - a.showtimeCount;
  const starts = new Map(films.map((film) => [film, firstStart(film)]));
  const weekly = (film: Film) => popularity?.get(film.id) ?? film.showtimeCount;
  const order: Record<FilmSort, (a: Film, b: Film) => number> = {
    next: (a, b) => starts.get(a)! - starts.get(b)! || byCount(a, b) || byTitle(a, b),
    title: (a, b) => byTitle(a, b) || byCount(a, b),
    popular: (a, b) => weekly(b) - weekly(a) || byCount(a, b) || byTitle(a, b),
  };
  return [...films].sort(order[sort]);
}
