import { describe, expect, it } from "vitest";
import { filmsShown, trimToShowtimes } from "./listing.server.ts";

const film = (id: string, ...cinemas: number[]) => ({
  id,
  cinemas: cinemas.map((times) => ({ showtimes: Array.from({ length: times }, (_, i) => i) })),
});

describe("the listing's first screen", () => {
  it("takes films while their showtimes fit the budget, at most 8, at least one", () => {
    expect(filmsShown(null, [10, 10, 3, 1])).toBe(4);
    expect(filmsShown(null, [10, 10, 5, 1])).toBe(2);
    expect(filmsShown(null, [200, 1])).toBe(1);
    expect(
      filmsShown(
        null,
        Array.from({ length: 20 }, () => 1),
      ),
    ).toBe(8);
    expect(filmsShown(null, [])).toBe(0);
  });

  it("gives what ?films= asks for, within what there is", () => {
    expect(filmsShown("16", [200, 1, 1])).toBe(3);
    expect(filmsShown("2", [200, 1, 1])).toBe(2);
    expect(filmsShown("0", [5, 5, 5, 5])).toBe(4); // not a number of films: the first screen
    expect(filmsShown("abc", [5, 5])).toBe(2);
  });

  it("cuts a film that plays too often at a cinema's boundary, keeping at least one cinema", () => {
    const cut = trimToShowtimes([film("a", 10, 10, 10), film("b", 1)], 24);
    expect(cut.trimmed).toBe(true);
    expect(cut.movies.map((m) => [m.id, m.cinemas.length])).toEqual([["a", 2]]);
    const alone = trimToShowtimes([film("a", 40, 1)], 24);
    expect(alone.movies[0]!.cinemas).toHaveLength(1);
    expect(trimToShowtimes([film("a", 3), film("b", 4)], 24)).toMatchObject({ trimmed: false });
  });
});
