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
    });
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
      slug: "amelie",
      originalLanguage: "",
    });
  });
});
