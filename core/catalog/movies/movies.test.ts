// Movies: create, edit, hide and list, by super admins only, on a real database. Aliases:
// movie-aliases.test.ts; merging duplicates: merge-movies.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../../db/schema/assets.ts";
import { auditLogs } from "../../../db/schema/audit.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  missingId,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { addMovieAlias } from "./add-movie-alias.ts";
import { createMovie } from "./create-movie.ts";
import { getMovieDetail } from "./get-movie-detail.ts";
import { listMovieOptions } from "./list-movie-options.ts";
import { listMovieRows } from "./list-movie-rows.ts";
import { mergeMovies } from "./merge-movies.ts";
import { isIsoDate, latestMovieYear } from "./movie-schemas.ts";
import type { MovieServices } from "./movies.ts";
import { removeMovieAlias } from "./remove-movie-alias.ts";
import { setMovieStatus } from "./set-movie-status.ts";
import { updateMovie } from "./update-movie.ts";
import { base, movieScenario } from "../../../tests/helpers/movie-scenario.ts";

async function platformAsset(db: MovieServices["db"], kind: "poster" | "backdrop", ownerClientId?: string) {
  const key = randomUUID();
  const [asset] = await db
    .insert(assets)
    .values({
      kind,
      fileName: `${kind}.jpg`,
      mimeType: "image/jpeg",
      bytes: 100,
      storageKey: key,
      checksum: key,
      ownerClientId: ownerClientId ?? null,
    })
    .returning({ id: assets.id });
  return asset!.id;
}

describe("movies", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: MovieServices;

  beforeAll(async () => {
    ({ s, services } = await movieScenario(database().db));
  });

  it("creates a movie with a Dutch title, edits it with a full audit diff and lists it", async () => {
    const admin = actorFor(s.superAdmin);
    const poster = await platformAsset(services.db, "poster");
    const version = (await services.apiCache.lookup("x")).version;
    const movie = await createMovie(services, admin, {
      ...base,
      slug: " Dune-Part-Two ",
      year: "2024",
      runtimeMinutes: "166",
      genres: ["science-fiction", "adventure"],
      originalLanguage: "EN",
      imdbId: "tt15239678",
      tmdbId: "693134",
      wikidataId: "q106379981",
      trailerUrl: "https://www.youtube.com/watch?v=Way9Dexny3w",
      posterAssetId: poster,
      locales: [
        { locale: "nl", title: "Dune: Deel Twee", synopsis: "Paul Atreides verenigt zich met de Fremen." },
        { locale: "", title: "", synopsis: "" },
      ],
      countries: [
        { country: "nl", releaseDate: "2024-02-28", certification: "12" },
        { country: "WW", releaseDate: "2024-02-15", certification: "" },
      ],
    });
    expect(movie).toMatchObject({
      slug: "dune-part-two",
      year: 2024,
      tmdbId: 693134,
      wikidataId: "Q106379981",
      originalLanguage: "en",
      releaseDates: { NL: "2024-02-28", WW: "2024-02-15" },
      certification: { NL: "12" },
      synopsis: { nl: "Paul Atreides verenigt zich met de Fremen." },
      titles: { nl: "Dune: Deel Twee" },
      status: "active",
    });
    expect((await services.apiCache.lookup("x")).version).toBeGreaterThan(version);
    expect((await auditRowsFor(services.db, "catalog.movie.create"))[0]).toMatchObject({
      entityId: movie.id,
      after: expect.objectContaining({ titles: { nl: "Dune: Deel Twee" } }),
    });

    await addMovieAlias(services, admin, { movieId: movie.id, alias: "Dune Part Two (OV) 3D" });
    const edited = await updateMovie(services, admin, {
      ...base,
      movieId: movie.id,
      year: "2024",
      genres: "science-fiction",
      locales: [
        { locale: "nl", title: "Dune: Deel 2" },
        { locale: "de", title: "Dune: Teil Zwei", synopsis: "" },
      ],
      countries: [],
      imdbId: "tt15239678",
    });
    expect(edited).toMatchObject({
      titles: { de: "Dune: Teil Zwei", nl: "Dune: Deel 2" },
      synopsis: {},
      tmdbId: null,
      posterAssetId: null,
      genres: ["science-fiction"],
      aliases: ["dune part two"],
    });
    expect((await auditRowsFor(services.db, "catalog.movie.update"))[0]).toMatchObject({
      entityId: movie.id,
      before: expect.objectContaining({
        titles: { nl: "Dune: Deel Twee" },
        synopsis: { nl: "Paul Atreides verenigt zich met de Fremen." },
        aliases: ["dune part two"],
      }),
      after: expect.objectContaining({ titles: { de: "Dune: Teil Zwei", nl: "Dune: Deel 2" } }),
    });

    await createMovie(services, admin, { title: "Dune", slug: "dune-2021", year: 2021 });
    await createMovie(services, admin, { title: "Oppenheimer", slug: "oppenheimer", year: 2023 });
    const byDutch = await listMovieRows(services, admin, { search: "deel 2" });
    expect(byDutch.rows).toEqual([
      expect.objectContaining({ id: movie.id, titleNl: "Dune: Deel 2", showtimes: 0, imdbId: "tt15239678" }),
    ]);
    const byYear = await listMovieRows(services, admin, { search: "dune", sort: "-year" });
    expect(byYear.rows.map((r) => r.year)).toEqual([2024, 2021]);
    const paged = await listMovieRows(services, admin, {
      search: "dune",
      sort: "title",
      pageSize: 1,
      page: 2,
    });
    expect(paged).toMatchObject({ total: 2, rows: [expect.objectContaining({ id: movie.id })] });
    expect((await listMovieRows(services, admin, { year: 2023 })).rows.map((r) => r.title)).toEqual([
      "Oppenheimer",
    ]);
    expect(
      (await listMovieRows(services, admin, { genre: "science-fiction", search: "dune" })).rows,
    ).toHaveLength(1);

    const options = await listMovieOptions(services, admin, { q: "dune" });
    expect(options[0]).toMatchObject({ label: "Dune (2021)" });
    expect(options[1]).toMatchObject({ value: movie.id, label: "Dune: Part Two (2024)" });
    expect(options[1]!.hint).toContain("Dune: Deel 2");
  });

  it("refuses bad fields at their field and writes nothing", async () => {
    const admin = actorFor(s.superAdmin);
    const other = await createMovie(services, admin, {
      title: "Anatomie d'une chute",
      slug: "anatomy-of-a-fall",
      year: 2023,
      imdbId: "tt17009710",
      tmdbId: 915935,
      wikidataId: "Q113474785",
    });
    const clientPoster = await platformAsset(services.db, "poster", s.clientA.id);
    const backdropAsPoster = await platformAsset(services.db, "backdrop");
    const own = await createMovie(services, admin, { ...base, slug: "own" });
    const rows = [
      await countRows(services.db, movies),
      await countRows(services.db, movieTitles),
      await countRows(services.db, auditLogs),
    ];

    const bad = await expectAppError(
      createMovie(services, admin, {
        title: " ",
        slug: "bad slug",
        year: "1700",
        runtimeMinutes: "0",
        originalLanguage: "xx1",
        imdbId: "tt12",
        tmdbId: "-4",
        wikidataId: "P31",
        trailerUrl: "http://example.com/trailer",
        genres: ["space-opera"],
        locales: [{ locale: "nl", title: "A" }, { locale: "nl", title: "B" }, { title: "no locale" }],
        countries: [{ country: "NL", releaseDate: "2024-02-30" }],
      }),
      "invalid_input",
    );
    expect(bad.fieldErrors).toMatchObject({
      title: "studio.dataMovies.validation.titleRequired",
      slug: "validation.slugPattern",
      imdbId: "studio.dataMovies.validation.imdb",
      wikidataId: "studio.dataMovies.validation.wikidata",
      trailerUrl: "studio.dataMovies.validation.trailerUrl",
      genres: "studio.dataMovies.validation.genre",
      "locales.2.locale": "studio.dataMovies.validation.locale",
      "countries.0.releaseDate": "studio.dataMovies.validation.releaseDate",
    });
    expect(bad.fieldErrors.year).toContain("studio.dataMovies.validation.year");
    expect(bad.fieldErrors.runtimeMinutes).toContain("studio.dataMovies.validation.runtime");
    expect(bad.fieldErrors.tmdbId).toContain("studio.dataMovies.validation.tmdb");
    expect(bad.fieldErrors.originalLanguage).toBeDefined();
    const twice = await expectAppError(
      createMovie(services, admin, {
        ...base,
        slug: "twice",
        locales: [
          { locale: "nl", title: "A" },
          { locale: "nl", title: "B" },
        ],
      }),
      "invalid_input",
    );
    expect(twice.fieldErrors["locales.1.locale"]).toContain("studio.dataMovies.validation.duplicateRow");

    const tooLate = await expectAppError(
      createMovie(services, admin, { ...base, slug: "late", year: latestMovieYear() + 1 }),
      "invalid_input",
    );
    expect(tooLate.fieldErrors.year).toContain("studio.dataMovies.validation.year");

    const taken = await expectAppError(
      createMovie(services, admin, {
        title: "Anatomy",
        slug: "anatomy-of-a-fall",
        imdbId: "tt17009710",
        tmdbId: 915935,
        wikidataId: "Q113474785",
        posterAssetId: clientPoster,
        backdropAssetId: missingId(),
        // The empty first row is dropped; the refusal stays beside the row it is about.
        countries: [
          { country: "", releaseDate: "" },
          { country: "ZZ", certification: "16" },
        ],
      }),
      "invalid_input",
    );
    const named = `"movie":"Anatomie d'une chute (2023)"`;
    for (const field of ["slug", "imdbId", "tmdbId", "wikidataId"])
      expect(taken.fieldErrors[field]).toContain(named);
    expect(taken.fieldErrors).toMatchObject({
      posterAssetId: "studio.dataMovies.validation.poster",
      backdropAssetId: "studio.dataMovies.validation.backdrop",
    });
    expect(taken.fieldErrors["countries[1].country"]).toContain(
      "studio.dataMovies.validation.countryUnknown",
    );
    await expectAppError(
      createMovie(services, admin, { ...base, slug: "wrong-kind", posterAssetId: backdropAsPoster }),
      "invalid_input",
    );
    const slugOnly = await expectAppError(
      updateMovie(services, admin, { ...base, movieId: own.id, slug: other.slug }),
      "conflict",
    );
    expect(slugOnly.fieldErrors.slug).toContain("studio.dataMovies.validation.taken");
    await expectAppError(
      updateMovie(services, admin, { ...base, movieId: missingId() }),
      "not_found",
      "studio.dataMovies.notFound",
    );
    expect([
      await countRows(services.db, movies),
      await countRows(services.db, movieTitles),
      await countRows(services.db, auditLogs),
    ]).toEqual(rows);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
  });

  it("refuses everyone but super admins, writing nothing", async () => {
    const admin = actorFor(s.superAdmin);
    const movie = await createMovie(services, admin, { ...base, slug: "staff-only" });
    const other = await createMovie(services, admin, { ...base, slug: "staff-only-2" });
    const rows = await countRows(services.db, movies);
    const audits = await countRows(services.db, auditLogs);
    for (const who of [actorFor(s.adminA, s.clientA), actorFor(s.viewerA, s.clientA)]) {
      await expectAppError(createMovie(services, who, { ...base, slug: "mine" }), "forbidden");
      await expectAppError(updateMovie(services, who, { ...base, movieId: movie.id }), "forbidden");
      await expectAppError(
        setMovieStatus(services, who, { movieId: movie.id, status: "hidden" }),
        "forbidden",
      );
      await expectAppError(addMovieAlias(services, who, { movieId: movie.id, alias: "x" }), "forbidden");
      await expectAppError(removeMovieAlias(services, who, { aliasId: missingId() }), "forbidden");
      await expectAppError(
        mergeMovies(services, who, { survivorId: movie.id, mergedId: other.id }),
        "forbidden",
      );
      await expectAppError(listMovieRows(services, who), "forbidden");
      await expectAppError(listMovieOptions(services, who), "forbidden");
      await expectAppError(getMovieDetail(services, who, movie.id), "forbidden");
    }
    expect(await countRows(services.db, movies)).toBe(rows);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("hides and shows a movie, auditing each change once; hidden movies are not options", async () => {
    const admin = actorFor(s.superAdmin);
    const movie = await createMovie(services, admin, { title: "Hideable", slug: "hideable" });
    const hidden = await setMovieStatus(services, admin, { movieId: movie.id, status: "hidden" });
    expect(hidden.status).toBe("hidden");
    const audits = await countRows(services.db, auditLogs);
    await setMovieStatus(services, admin, { movieId: movie.id, status: "hidden" });
    expect(await countRows(services.db, auditLogs)).toBe(audits);
    expect(await listMovieOptions(services, admin, { q: "hideable" })).toEqual([]);
    expect((await listMovieRows(services, admin, { search: "hideable", status: "hidden" })).total).toBe(1);
    expect((await setMovieStatus(services, admin, { movieId: movie.id, status: "active" })).status).toBe(
      "active",
    );
  });
});
