import { beforeAll, describe, expect, it } from "vitest";
import { cinemas, countries, movieAliases, movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { findFilm } from "./find-film.ts";

const database = useTestDatabase();
const NOW = new Date("2026-03-14T12:00:00Z");

beforeAll(async () => {
  const { db } = database();
  await db.insert(countries).values({
    code: "NL",
    name: "Netherlands",
    defaultLocale: "nl",
    timeZone: "Europe/Amsterdam",
    currency: "EUR",
  });
  const [cinema] = await db
    .insert(cinemas)
    .values({ name: "Eye", slug: "eye", city: "Amsterdam", countryCode: "NL", timeZone: "Europe/Amsterdam" })
    .returning();
  const inserted = await db
    .insert(movies)
    .values([
      { title: "Dune", slug: "dune-2021", year: 2021 },
      { title: "Dune: Part Two", slug: "dune-part-two", year: 2024 },
      { title: "Inside Out 2", slug: "inside-out-2", year: 2024 },
      { title: "The Count of Monte Cristo", slug: "monte-cristo", year: 2024 },
      { title: "Le Comte de Monte-Cristo", slug: "comte-1961", year: 1961 },
      { title: "Amélie", originalTitle: "Le Fabuleux Destin d'Amélie Poulain", slug: "amelie", year: 2001 },
      { title: "The Substance", slug: "the-substance", year: 2024 },
      { title: "The Wild Robot", slug: "the-wild-robot", year: 2024 },
      { title: "Hidden Gem", slug: "hidden-gem", year: 2024, status: "hidden" },
      { title: "Wicked", slug: "wicked", year: 2024 },
      { title: "Wicked Little Letters", slug: "wicked-little-letters", year: 2023 },
      { title: "Gladiator II", slug: "gladiator-ii", year: 2024 },
      { title: "Wicket", slug: "wicket-merged", year: 2024, status: "merged" },
    ])
    .returning();
  const id = (slug: string) => inserted.find((m) => m.slug === slug)!.id;
  await db
    .insert(movieTitles)
    .values({ movieId: id("inside-out-2"), locale: "nl", title: "Binnenstebuiten 2" });
  await db.insert(movieAliases).values({ movieId: id("gladiator-ii"), normalizedTitle: "gladiator 2 ov" });
  const show = (slug: string, startsAt: string, status: "scheduled" | "cancelled" = "scheduled") => ({
    cinemaId: cinema!.id,
    countryCode: "NL",
    movieId: id(slug),
    feedTitle: slug,
    startsAt: new Date(startsAt),
    status,
  });
  await db.insert(showtimes).values([
    show("dune-part-two", "2026-03-14T19:00:00Z"),
    show("dune-part-two", "2026-03-15T19:00:00Z"),
    show("inside-out-2", "2026-03-14T15:00:00Z"),
    show("monte-cristo", "2026-03-16T19:00:00Z"),
    show("the-substance", "2026-03-14T21:00:00Z"),
    show("the-wild-robot", "2026-03-14T13:00:00Z"),
    show("hidden-gem", "2026-03-14T20:00:00Z"),
    // in the past, cancelled, or beyond the fortnight: not "playing"
    show("dune-2021", "2026-03-10T19:00:00Z"),
    show("dune-2021", "2026-03-15T19:00:00Z", "cancelled"),
    show("amelie", "2026-04-30T19:00:00Z"),
    show("wicked", "2026-03-14T18:00:00Z"),
    show("wicked-little-letters", "2026-03-15T18:00:00Z"),
    show("gladiator-ii", "2026-03-14T20:00:00Z"),
  ]);
});

const search = (text: string, locale = "en") => findFilm(database(), text, { locale, now: NOW });

describe("finding a film by what a visitor typed", () => {
  it("forgives two swapped letters, the closer title first", async () => {
    const result = await search("Wicekd");
    expect(result.matches.map((m) => [m.slug, m.quality])).toEqual([
      ["wicked", "similar"],
      ["wicked-little-letters", "similar"],
    ]);
    expect(result.film).toBeUndefined();
  });

  it("forgives a missing letter in a word and a half-typed title", async () => {
    expect((await search("wild robt")).film?.slug).toBe("the-wild-robot");
    expect((await search("Gladiatr")).film?.slug).toBe("gladiator-ii");
  });

  it("finds a film by a feed's alias, typo included", async () => {
    expect((await search("gladaitor 2 ov")).film).toMatchObject({
      slug: "gladiator-ii",
      title: "Gladiator II",
    });
  });

  it("never finds a merged film, and offers the nearest titles when nothing matches", async () => {
    expect((await search("wicket")).matches.map((m) => m.slug)).not.toContain("wicket-merged");
    const none = await search("Wickedness Forever");
    expect(none.matches).toEqual([]);
    expect(none.nearest.map((m) => m.slug)).toContain("wicked");
    expect((await search("zqxwv")).nearest).toEqual([]);
  });

  it("opens the film that is playing when the typed title starts it, before an exact namesake that is not", async () => {
    const result = await search("dune");
    expect(result.film?.slug).toBe("dune-part-two");
    expect(result.matches.map((m) => [m.slug, m.quality])).toEqual([
      ["dune-part-two", "prefix"],
      ["dune-2021", "exact"],
    ]);
    expect(result.matches[1]!.upcoming).toBe(0);
  });

  it("finds a film by its title in another language, and names it in the reader's", async () => {
    const dutch = await search("binnenstebuiten", "nl");
    expect(dutch.film).toMatchObject({ slug: "inside-out-2", title: "Binnenstebuiten 2", quality: "prefix" });
    const english = await search("Binnenstebuiten 2", "en");
    expect(english.film).toMatchObject({ slug: "inside-out-2", title: "Inside Out 2", quality: "exact" });
  });

  it("finds a film by its original title and by part of its title", async () => {
    expect((await search("fabuleux destin")).film?.slug).toBe("amelie");
    expect((await search("Monte Cristo")).film?.slug).toBe("monte-cristo");
  });

  it("forgives a misspelling", async () => {
    const result = await search("Insde Out 2");
    expect(result.film?.slug).toBe("inside-out-2");
    expect(result.film?.quality).toBe("similar");
  });

  it("lists what a vague text may mean instead of guessing, playing films first", async () => {
    const result = await search("the");
    expect(result.film).toBeUndefined();
    const slugs = result.matches.map((m) => m.slug);
    expect(slugs.slice(0, 3).sort()).toEqual(["monte-cristo", "the-substance", "the-wild-robot"]);
    expect(
      result.matches.every((m, i) => i === 0 || m.upcoming === 0 || result.matches[i - 1]!.upcoming > 0),
    ).toBe(true);
  });

  it("never finds a hidden film, nor anything for empty, absurdly long or unmatched text", async () => {
    expect((await search("hidden gem")).matches).toEqual([]);
    expect(await search("   ")).toEqual({ matches: [], nearest: [] });
    expect(await search("x".repeat(201))).toEqual({ matches: [], nearest: [] });
    expect((await search("zqxwv")).matches).toEqual([]);
  });

  it("treats LIKE wildcards as plain characters", async () => {
    expect((await search("%")).matches).toEqual([]);
    expect((await search("_")).matches).toEqual([]);
  });
});
