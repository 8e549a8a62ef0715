// "Near me" names the place it lists (issue 25, Why 6): the city of the nearest cinema placed at a known
// address, else the city most of the listed cinemas are in, else none.
import { describe, expect, it } from "vitest";
import type { ListingCinema, ListingMovie } from "../../../core/showtimes/find-listing.ts";
import { nearestCity } from "./listing-view.server.ts";

function cinema(city: string, distanceKm: number | null): ListingCinema {
  return {
    id: `${city}-${distanceKm}`,
    name: city,
    slug: city.toLowerCase(),
    city,
    address: null,
    timeZone: "Europe/Amsterdam",
    distanceKm,
    approximateLocation: distanceKm === null,
    showtimes: [],
  };
}

function movie(...cinemas: ListingCinema[]): ListingMovie {
  return {
    id: "m",
    slug: "m",
    title: "M",
    year: null,
    runtimeMinutes: null,
    genres: [],
    certification: {},
    poster: null,
    cinemas,
    showtimeCount: 0,
  };
}

describe("nearestCity", () => {
  it("names the city of the nearest cinema with a known address", () => {
    expect(
      nearestCity([
        movie(cinema("Amstelveen", 6.2), cinema("Amsterdam", null)),
        movie(cinema("Diemen", 3.1)),
      ]),
    ).toBe("Diemen");
  });

  it("else the city most cinemas are in, and nothing when none is listed", () => {
    expect(
      nearestCity([
        movie(cinema("Haarlem", null), cinema("Amsterdam", null)),
        movie(cinema("Amsterdam", null)),
      ]),
    ).toBe("Amsterdam");
    expect(nearestCity([])).toBeNull();
  });
});
