import { describe, expect, it } from "vitest";
import { DEFAULT_FILM_SORT, FILM_SORTS, parseFilmSort, sortListing } from "./sort-listing.ts";

const film = (id: string, title: string, ...starts: string[]) => ({
  id,
  title,
  showtimeCount: starts.length,
  cinemas: [{ showtimes: starts.map((at) => ({ startsAt: new Date(`2026-03-28T${at}:00Z`) })) }],
});

const films = [
  film("a", "Zone of Interest", "20:00", "22:00"),
  film("b", "Één dag", "14:00"),
  film("c", "Film 10", "14:00", "16:00", "18:00"),
  film("d", "Film 9", "11:00"),
  film("feed:Sneak Preview", "Sneak Preview", "21:00"),
];
const ids = (list: readonly { id: string }[]) => list.map((f) => f.id);

describe("sortListing", () => {
  it("puts the film with the next show first; a tie goes to the one with more shows", () => {
    expect(ids(sortListing(films, "next", "en"))).toEqual(["d", "c", "b", "a", "feed:Sneak Preview"]);
  });

  it("sorts titles as the language does: accents as letters, numbers by value", () => {
    expect(ids(sortListing(films, "title", "nl"))).toEqual(["b", "d", "c", "feed:Sneak Preview", "a"]);
  });

  it("sorts by the week's shows in the place, most first; films it does not know count their listed shows", () => {
    const week = new Map([
      ["a", 40],
      ["b", 12],
      ["d", 12],
    ]);
    // c is not in the map: its 3 listed shows count. b and d tie on 12 and on listed shows: the title decides.
    expect(ids(sortListing(films, "popular", "en", week))).toEqual([
      "a",
      "b",
      "d",
      "c",
      "feed:Sneak Preview",
    ]);
  });

  it("leaves the listing it was given as it was", () => {
    const before = ids(films);
    sortListing(films, "title", "en");
    expect(ids(films)).toEqual(before);
  });

  it("reads only the known sorts from the URL, else the default (next show)", () => {
    expect(DEFAULT_FILM_SORT).toBe("next");
    for (const sort of FILM_SORTS) expect(parseFilmSort(sort)).toBe(sort);
    for (const value of [null, "", "Title", "popularity", "title;drop", "<x>"])
      expect(parseFilmSort(value)).toBe("next");
  });
});
