import { describe, expect, it } from "vitest";
import { moviePrefill } from "./movie-prefill.ts";

describe("moviePrefill", () => {
  it("strips the cinema's decorations, keeps the title's case and fills the hints", () => {
    expect(
      moviePrefill("Dune: Part Two (OV) 3D", {
        year: 2024,
        runtimeMinutes: 166,
        language: "EN",
        imdbId: "tt15239678",
      }),
    ).toEqual({
      title: "Dune: Part Two",
      slug: "dune-part-two-2024",
      year: "2024",
      runtimeMinutes: "166",
      originalLanguage: "en",
      imdbId: "tt15239678",
      tmdbId: "",
      wikidataId: "",
      countries: [{ country: "", releaseDate: "", certification: "" }],
    });
  });

  it("takes the year from the release date or the title, and the date as the first release anywhere", () => {
    expect(moviePrefill("Drop", { releaseDate: "2025-04-10", runtimeMinutes: 96 })).toMatchObject({
      title: "Drop",
      slug: "drop-2025",
      year: "2025",
      runtimeMinutes: "96",
      countries: [{ country: "WW", releaseDate: "2025-04-10", certification: "" }],
    });
    // the feed's year wins over a date in another year (a re-release's)
    expect(moviePrefill("Alpha", { year: 2025, releaseDate: "2026-01-01" }).year).toBe("2025");
  });

  it("keeps a title that is nothing but decoration, and leaves unknown hints empty", () => {
    expect(moviePrefill("IMAX", {})).toMatchObject({
      title: "IMAX",
      slug: "imax",
      year: "",
      originalLanguage: "",
    });
    expect(moviePrefill("Sneak Preview: De Stille Kust", {}).title).toBe("De Stille Kust");
    expect(moviePrefill("Amélie (2001)", { language: "french" })).toMatchObject({
      title: "Amélie",
      slug: "amelie-2001",
      year: "2001",
      originalLanguage: "",
    });
  });
});
