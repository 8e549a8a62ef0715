// The catalogue as the public film and cinema pages read it: findPublicMovie, findPublicCinema and the
// sitemap's lists, on a real database.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { assets, assetVariants } from "../../db/schema/assets.ts";
import { cinemaChains, cinemas, countries, movies, movieTitles } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { findPublicCinema } from "./cinemas/find-public-cinema.ts";
import { findPublicMovie } from "./movies/find-public-movie.ts";
import { listCinemaSlugsForSitemap, listFilmSlugsForSitemap } from "./sitemap-pages.ts";

const database = useTestDatabase();
const NOW = new Date("2026-03-14T12:00:00Z");
let posterAssetId = "";

beforeAll(async () => {
  const { db } = database();
  await db.insert(countries).values({
    code: "NL",
    name: "Netherlands",
    defaultLocale: "nl",
    timeZone: "Europe/Amsterdam",
    currency: "EUR",
  });
  const [chain] = await db
    .insert(cinemaChains)
    .values({ name: "Pathé", slug: "pathe", website: "https://www.pathe.nl/" })
    .returning();
  const [tuschinski, eye, closed] = await db
    .insert(cinemas)
    .values([
      {
        name: "Pathé Tuschinski",
        slug: "tuschinski",
        chainId: chain!.id,
        address: "Reguliersbreestraat 26-34",
        postalCode: "1017 CN",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        latitude: 52.3665,
        longitude: 4.8945,
        website: "javascript:alert(1)",
        phone: "+31 20 626 2633",
        screens: 6,
      },
      {
        name: "Eye Filmmuseum",
        slug: "eye",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        latitude: 52.37,
        longitude: 4.89,
        coordinatesApproximate: true,
        website: "https://www.eyefilm.nl/",
      },
      {
        name: "Gone",
        slug: "gone",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
        status: "closed",
      },
    ])
    .returning();
  const [asset] = await db
    .insert(assets)
    .values({
      kind: "poster",
      fileName: "dune.jpg",
      mimeType: "image/jpeg",
      bytes: 3,
      width: 1000,
      height: 1500,
      storageKey: "a".repeat(64),
      checksum: "a".repeat(64),
    })
    .returning();
  posterAssetId = asset!.id;
  await db.insert(assetVariants).values([
    {
      assetId: posterAssetId,
      variant: "original",
      mimeType: "image/jpeg",
      byteSize: 3,
      width: 1000,
      height: 1500,
      contentHash: "a".repeat(64),
      content: Buffer.from("abc"),
    },
    {
      assetId: posterAssetId,
      variant: "thumbnail",
      mimeType: "image/webp",
      byteSize: 2,
      width: 213,
      height: 320,
      contentHash: "b".repeat(64),
      content: Buffer.from("ab"),
    },
  ]);
  const inserted = await db
    .insert(movies)
    .values([
      {
        title: "Dune: Part Two",
        slug: "dune-part-two",
        year: 2024,
        runtimeMinutes: 166,
        genres: ["science-fiction", "adventure"],
        certification: { NL: "12", FR: "TP", DK: "" },
        synopsis: { en: "Paul Atreides unites with the Fremen.", de: "Paul Atreides vereint sich." },
        posterAssetId,
        trailerUrl: "https://www.youtube.com/watch?v=Way9Dexny3w",
        imdbId: "tt15239678",
      },
      { title: "Inside Out 2", slug: "inside-out-2", synopsis: { nl: "Riley wordt tiener." } },
      { title: "Old Copy", slug: "old-copy", status: "merged" },
      { title: "Hidden", slug: "hidden", status: "hidden" },
      { title: "Bad Trailer", slug: "bad-trailer", trailerUrl: "javascript:alert(1)" },
    ])
    .returning();
  const id = (slug: string) => inserted.find((m) => m.slug === slug)!.id;
  await db
    .update(movies)
    .set({ mergedIntoId: id("dune-part-two") })
    .where(eq(movies.slug, "old-copy"));
  await db
    .insert(movieTitles)
    .values({ movieId: id("inside-out-2"), locale: "nl", title: "Binnenstebuiten 2" });
  const show = (cinemaId: string, slug: string, startsAt: string) => ({
    cinemaId,
    countryCode: "NL",
    movieId: id(slug),
    feedTitle: slug,
    startsAt: new Date(startsAt),
  });
  await db.insert(showtimes).values([
    show(tuschinski!.id, "dune-part-two", "2026-03-14T19:00:00Z"),
    show(tuschinski!.id, "dune-part-two", "2026-03-15T19:00:00Z"),
    show(eye!.id, "dune-part-two", "2026-03-16T19:00:00Z"),
    show(eye!.id, "inside-out-2", "2026-03-14T15:00:00Z"),
    show(tuschinski!.id, "hidden", "2026-03-14T20:00:00Z"),
    // past, beyond the fortnight, at a closed cinema: not in the sitemap
    show(closed!.id, "bad-trailer", "2026-03-14T20:00:00Z"),
    show(eye!.id, "bad-trailer", "2026-03-10T20:00:00Z"),
    show(eye!.id, "bad-trailer", "2026-04-30T20:00:00Z"),
  ]);
});

describe("a film's public page data", () => {
  it("has the title, synopsis (English when the reader's language has none), ratings, poster and trailer", async () => {
    const result = await findPublicMovie(database(), "dune-part-two", "nl");
    expect(result.kind).toBe("found");
    if (result.kind !== "found") return;
    expect(result.movie).toMatchObject({
      title: "Dune: Part Two",
      originalTitle: null,
      runtimeMinutes: 166,
      genres: ["science-fiction", "adventure"],
      certification: { NL: "12", FR: "TP", DK: "" },
      synopsis: { text: "Paul Atreides unites with the Fremen.", locale: "en" },
      trailerUrl: "https://www.youtube.com/watch?v=Way9Dexny3w",
      imdbId: "tt15239678",
    });
    // The thumbnail: the page's poster column is narrow.
    expect(result.movie.poster).toEqual({ url: `/media/${"b".repeat(64)}.webp`, width: 213, height: 320 });
  });

  it("names the film in the reader's language, with its synopsis in that language", async () => {
    const dutch = await findPublicMovie(database(), "inside-out-2", "nl");
    expect(dutch).toMatchObject({
      kind: "found",
      movie: {
        title: "Binnenstebuiten 2",
        synopsis: { text: "Riley wordt tiener.", locale: "nl" },
        poster: null,
      },
    });
    // An English reader gets the only synopsis there is, marked as Dutch.
    expect(await findPublicMovie(database(), "inside-out-2", "en")).toMatchObject({
      movie: { title: "Inside Out 2", synopsis: { locale: "nl" } },
    });
  });

  it("sends a merged film's page to the film that took it over, and has none for hidden or unknown films", async () => {
    expect(await findPublicMovie(database(), "old-copy", "en")).toEqual({
      kind: "moved",
      slug: "dune-part-two",
    });
    expect(await findPublicMovie(database(), "hidden", "en")).toEqual({ kind: "missing" });
    expect(await findPublicMovie(database(), "no-such-film", "en")).toEqual({ kind: "missing" });
    expect(await findPublicMovie(database(), "x".repeat(300), "en")).toEqual({ kind: "missing" });
  });

  it("drops a trailer address that is not http(s)", async () => {
    expect(await findPublicMovie(database(), "bad-trailer", "en")).toMatchObject({
      movie: { trailerUrl: null },
    });
  });
});

describe("a cinema's public page data", () => {
  it("has the address, coordinates, chain, phone and screens, and no web site that is not http(s)", async () => {
    expect(await findPublicCinema(database(), "tuschinski")).toMatchObject({
      name: "Pathé Tuschinski",
      address: "Reguliersbreestraat 26-34",
      postalCode: "1017 CN",
      city: "Amsterdam",
      countryCode: "NL",
      location: { latitude: 52.3665, longitude: 4.8945 },
      website: null,
      phone: "+31 20 626 2633",
      screens: 6,
      chain: { name: "Pathé", website: "https://www.pathe.nl/" },
      open: true,
    });
  });

  it("has no coordinates when they are only the city's centre, and says when the cinema is closed", async () => {
    expect(await findPublicCinema(database(), "eye")).toMatchObject({ location: null, chain: null });
    expect(await findPublicCinema(database(), "gone")).toMatchObject({ open: false });
    expect(await findPublicCinema(database(), "no-such-cinema")).toBeNull();
  });
});

describe("the sitemap's film and cinema pages", () => {
  const services = () => ({ db: database().db, now: () => NOW });

  it("lists active films with showtimes at open cinemas in the coming fortnight, busiest first", async () => {
    expect(await listFilmSlugsForSitemap(services())).toEqual(["dune-part-two", "inside-out-2"]);
    expect(await listFilmSlugsForSitemap(services(), 1)).toEqual(["dune-part-two"]);
  });

  it("lists open cinemas with showtimes in the coming fortnight, busiest first", async () => {
    expect(await listCinemaSlugsForSitemap(services())).toEqual(["tuschinski", "eye"]);
  });
});
