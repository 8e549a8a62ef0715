// The listing's query parameters that the page (browser) and its loader (server) both know.
import type { QuickPick } from "../../../core/showtimes/quick-picks.ts";
import { DEFAULT_FILM_SORT, type FilmSort } from "../../../core/showtimes/sort-listing.ts";

/** What the page shows besides the place: a day or a quick pick, the filters, the films' order. */
export type ListingState = {
  date: string;
  when: QuickPick | null;
  sort: FilmSort;
  selected: readonly string[];
};

/** What a link changes: another day, a quick pick, more films. */
export type ListingChanges = { date?: string; when?: QuickPick; films?: number };

/**
 * The listing's parameters after the place: a quick pick (?when=) or a day (?date=), since choosing one
 * drops the other; the filters; the sort when it is not the default (short, shared URLs); more films.
 */
export function listingParams(params: URLSearchParams, state: ListingState, changes: ListingChanges) {
  const when = changes.date ? null : (changes.when ?? state.when);
  if (when) params.set("when", when);
  else params.set("date", changes.date ?? state.date);
  for (const code of state.selected) params.append("attr", code);
  if (state.sort !== DEFAULT_FILM_SORT) params.set("sort", state.sort);
  if (changes.films) params.set("films", String(changes.films));
}
