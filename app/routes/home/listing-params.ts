// The listing's query parameters that the page (browser) and its loader (server) both know.
import type { QuickPick } from "../../../core/showtimes/quick-picks.ts";
import { DEFAULT_FILM_SORT, type FilmSort } from "../../../core/showtimes/sort-listing.ts";

/** What the page shows besides the place: a day or a quick pick, the filters, the films' order. */
export type ListingState = {
  date: string;
  /** films a page (?films=), when asked for */
  filmsAsked?: number | null;
  when: QuickPick | null;
  sort: FilmSort;
  selected: readonly string[];
};

/** What a link changes: another day, a quick pick, another page of films. */
export type ListingChanges = { date?: string; when?: QuickPick; page?: number };

/**
 * The listing's parameters after the place: a quick pick (?when=) or a day (?date=), since choosing one
 * drops the other; the filters; the sort when it is not the default (short, shared URLs); a page of films.
 */
export function listingParams(params: URLSearchParams, state: ListingState, changes: ListingChanges) {
  const when = changes.date ? null : (changes.when ?? state.when);
  if (when) params.set("when", when);
  else params.set("date", changes.date ?? state.date);
  for (const code of state.selected) params.append("attr", code);
  if (state.sort !== DEFAULT_FILM_SORT) params.set("sort", state.sort);
  // Another page of the same films: films a page as asked for (?films=), and the page unless the first.
  if (changes.page) {
    if (state.filmsAsked) params.set("films", String(state.filmsAsked));
    if (changes.page > 1) params.set("page", String(changes.page));
  }
}
