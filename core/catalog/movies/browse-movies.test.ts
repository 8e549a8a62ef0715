// The catalogue browser: active movies only, searched by localized titles, filtered by genre, year,
// country and "now playing" in the countries the actor may see; the detail with poster and counts.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../../db/schema/access.ts";
import { assets, assetVariants } from "../../../db/schema/assets.ts";
import { countries, movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import {
  actorFor,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { browseMovies, movieBrowseChoices } from "./browse-movies.ts";
import { movieDetail } from "./movie-detail.ts";
import { createCinema, ensureCountry } from "../catalog-test-helpers.ts";

const NOW = new Date();
const HOUR = 3_600_000;
const tag = randomUUID().slice(0, 6);

describe("browsing the catalogue", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: { db: ReturnType<typeof database>["db"]; now: () => Date };
  const ids: Record<string, string> = {};

  async function movie(key: string, values: Partial<typeof movies.$inferInsert> = {}) {
    const [row] = await services.db
      .insert(movies)
      .values({ title: key, slug: `${key.toLowerCase().replace(/\W+/g, "-")}-${tag}`, ...values })
      .returning({ id: movies.id });
    ids[key] = row!.id;
    return row!.id;
  }

  async function showtime(movieId: string, cinemaId: string, countryCode: string, hoursAhead: number) {
    await services.db.insert(showtimes).values({
      cinemaId,
      countryCode,
      movieId,
      feedTitle: "feed",
      startsAt: new Date(NOW.getTime() + hoursAhead * HOUR),
    });
  }

  beforeAll(async () => {
    const { db } = database();
    services = { db, now: () => NOW };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "BE", "Belgium");
    await ensureCountry(db, "DE", "Germany");
    await db.insert(countryAccess).values({ clientId: s.clientA.id, countryCode: "NL" });
    const nl = await createCinema(db, { countryCode: "NL" });
    const be = await createCinema(db, { countryCode: "BE" });

    await movie("Dune Part Two", { year: 2024, genres: ["Sci-Fi", "Drama"], runtimeMinutes: 166 });
    await db
      .insert(movieTitles)
      .values({ movieId: ids["Dune Part Two"]!, locale: "nl", title: "Duin Deel Twee" });
    await movie("Paddington", {
      year: 2014,
      genres: ["Family"],
      synopsis: { en: "A bear in London.", nl: "Een beer in Londen." },
      imdbId: `tt${tag}1`,
    });
    await movie("Old Merged", { status: "merged" });
    await movie("Hidden One", { status: "hidden" });
    await movie("Belgian Only", { year: 2024 });
    await showtime(ids["Dune Part Two"]!, nl, "NL", 2);
    await showtime(ids["Dune Part Two"]!, nl, "NL", 30);
    await showtime(ids["Dune Part Two"]!, be, "BE", 5);
    await showtime(ids["Belgian Only"]!, be, "BE", 5);
    // Outside the 7-day window and in the past: not counted.
    await showtime(ids["Paddington"]!, nl, "NL", 24 * 8);
    await showtime(ids["Paddington"]!, nl, "NL", -2);
  });

  it("lists active movies only and finds them by a localized title", async () => {
    const page = await browseMovies(services, actorFor(s.viewerA, s.clientA), {});
    const titles = page.rows.map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(["Dune Part Two", "Paddington", "Belgian Only"]));
    expect(titles).not.toContain("Old Merged");
    expect(titles).not.toContain("Hidden One");

    const found = await browseMovies(services, actorFor(s.viewerA, s.clientA), {
      search: "duin",
      locale: "nl",
    });
    expect(found.rows).toEqual([
      expect.objectContaining({ title: "Dune Part Two", localizedTitle: "Duin Deel Twee", showtimeCount: 2 }),
    ]);
  });

  it("filters by genre and year, sorts by year", async () => {
    const actor = actorFor(s.editorA, s.clientA);
    const family = await browseMovies(services, actor, { genre: "Family" });
    expect(family.rows.map((r) => r.title)).toEqual(["Paddington"]);
    const of2024 = await browseMovies(services, actor, { year: 2024, sort: "-title" });
    expect(of2024.rows.map((r) => r.title)).toEqual(["Dune Part Two", "Belgian Only"]);
    const byYear = await browseMovies(services, actor, { sort: "year" });
    expect(byYear.rows[0]?.title).toBe("Paddington");
  });

  it("'now playing' means the next 7 days in the client's granted countries only", async () => {
    const playing = await browseMovies(services, actorFor(s.viewerA, s.clientA), { nowPlaying: true });
    // Belgian Only plays in BE, which client A is not granted; Paddington plays after the window.
    expect(playing.rows.map((r) => r.title)).toEqual(["Dune Part Two"]);
    expect(playing.rows[0]?.showtimeCount).toBe(2);
    // A country the client is not granted shows nothing.
    const belgium = await browseMovies(services, actorFor(s.viewerA, s.clientA), { country: "BE" });
    expect(belgium.total).toBe(0);
    // A client without grants sees nothing playing.
    expect((await browseMovies(services, actorFor(s.adminB, s.clientB), { nowPlaying: true })).total).toBe(0);
  });

  it("lets a super admin without a client see every enabled country", async () => {
    const admin = actorFor(s.superAdmin);
    const belgium = await browseMovies(services, admin, { country: "BE", sort: "title" });
    expect(belgium.rows.map((r) => r.title)).toEqual(["Belgian Only", "Dune Part Two"]);
    const playing = await browseMovies(services, admin, { nowPlaying: true, sort: "-showtimes" });
    expect(playing.rows.map((r) => [r.title, r.showtimeCount])).toEqual([
      ["Dune Part Two", 3],
      ["Belgian Only", 1],
    ]);
    const choices = await movieBrowseChoices(services, admin);
    expect(choices.countries.map((c) => c.code)).toEqual(expect.arrayContaining(["BE", "DE", "NL"]));
    expect(choices.genres).toEqual(expect.arrayContaining(["Drama", "Family", "Sci-Fi"]));
    expect(choices.years).toEqual([2024, 2014]);
    expect((await movieBrowseChoices(services, actorFor(s.viewerA, s.clientA))).countries).toEqual([
      { code: "NL", name: "Netherlands" },
    ]);
    // A disabled country is not one anybody browses.
    await services.db.update(countries).set({ enabled: false }).where(eq(countries.code, "DE"));
    expect((await movieBrowseChoices(services, admin)).countries.map((c) => c.code)).not.toContain("DE");
  });

  it("refuses bad input with field errors and an actor acting for a client it is not in", async () => {
    await expectAppError(
      browseMovies(services, actorFor(s.viewerA, s.clientA), { sort: "nope" as "title" }),
      "invalid_input",
    );
    await expectAppError(browseMovies(services, actorFor(s.outsider, s.clientA)), "forbidden");
  });

  it("shows the detail: titles, synopsis in the locale, ids, counts per visible country, poster", async () => {
    const viewer = actorFor(s.viewerA, s.clientA);
    const dune = await movieDetail(services, viewer, { movieId: ids["Dune Part Two"]!, locale: "nl" });
    expect(dune).toMatchObject({
      title: "Dune Part Two",
      runtimeMinutes: 166,
      titles: [{ locale: "nl", title: "Duin Deel Twee" }],
      poster: null,
      showtimesByCountry: [{ countryCode: "NL", countryName: "Netherlands", count: 2 }],
    });
    const admin = await movieDetail(services, actorFor(s.superAdmin), { movieId: ids["Dune Part Two"]! });
    expect(admin.showtimesByCountry.map((c) => [c.countryCode, c.count])).toEqual([
      ["BE", 1],
      ["NL", 2],
    ]);

    const paddington = await movieDetail(services, viewer, { movieId: ids["Paddington"]!, locale: "nl" });
    expect(paddington.synopsis).toBe("Een beer in Londen.");
    expect(paddington.externalIds.imdbId).toBe(`tt${tag}1`);
    expect(
      (await movieDetail(services, viewer, { movieId: ids["Paddington"]!, locale: "de" })).synopsis,
    ).toBe("A bear in London.");

    const [asset] = await services.db
      .insert(assets)
      .values({
        kind: "poster",
        fileName: "p.jpg",
        mimeType: "image/jpeg",
        bytes: 3,
        storageKey: `k-${tag}`,
        checksum: `c-${tag}`,
      })
      .returning({ id: assets.id });
    await services.db.insert(assetVariants).values([
      {
        assetId: asset!.id,
        variant: "webp",
        mimeType: "image/webp",
        byteSize: 3,
        contentHash: `w${tag}`,
        content: Buffer.from("abc"),
      },
      {
        assetId: asset!.id,
        variant: "thumbnail",
        mimeType: "image/webp",
        byteSize: 3,
        width: 160,
        height: 240,
        contentHash: `t${tag}`,
        content: Buffer.from("abc"),
      },
    ]);
    await services.db
      .update(movies)
      .set({ posterAssetId: asset!.id })
      .where(eq(movies.id, ids["Paddington"]!));
    const withPoster = await movieDetail(services, viewer, { movieId: ids["Paddington"]! });
    expect(withPoster.poster).toEqual({ url: `/media/t${tag}.webp`, width: 160, height: 240 });
  });

  it("does not show merged or hidden movies, nor unknown ids", async () => {
    const viewer = actorFor(s.viewerA, s.clientA);
    await expectAppError(movieDetail(services, viewer, { movieId: ids["Old Merged"]! }), "not_found");
    await expectAppError(movieDetail(services, viewer, { movieId: ids["Hidden One"]! }), "not_found");
    await expectAppError(movieDetail(services, viewer, { movieId: missingId() }), "not_found");
    await expectAppError(movieDetail(services, viewer, { movieId: "not-an-id" }), "invalid_input");
  });
});
