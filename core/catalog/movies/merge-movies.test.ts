// Merging a duplicate movie into a survivor on a real database: showtimes, aliases, titles, external ids
// and client settings move in one go; the merged movie is gone from the API.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../../db/schema/audit.ts";
import { clientMovieSettings } from "../../../db/schema/client-movies.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { getMovie } from "../../api/movies/get-movie.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { addMovieAlias } from "./add-movie-alias.ts";
import { createMovie } from "./create-movie.ts";
import { getMovieDetail } from "./get-movie-detail.ts";
import { listMovieRows } from "./list-movie-rows.ts";
import { mergeMovies } from "./merge-movies.ts";
import type { MovieServices } from "./movies.ts";
import { createCinema, createShowtime } from "../catalog-test-helpers.ts";
import { updateMovie } from "./update-movie.ts";
import { base, movieScenario } from "../../../tests/helpers/movie-scenario.ts";

describe("movies", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: MovieServices;

  beforeAll(async () => {
    ({ s, services } = await movieScenario(database().db));
  });

  it("merges a duplicate into a survivor in one go; the API no longer answers the merged one", async () => {
    const admin = actorFor(s.superAdmin);
    const cinemaId = await createCinema(services.db);
    const survivor = await createMovie(services, admin, {
      title: "Poor Things",
      slug: "poor-things",
      year: 2023,
      imdbId: "tt14230458",
      locales: [{ locale: "nl", title: "Poor Things" }],
    });
    const merged = await createMovie(services, admin, {
      title: "Poor Things (OV)",
      slug: "poor-things-ov",
      tmdbId: 792307,
      wikidataId: "Q110832595",
      locales: [
        { locale: "nl", title: "Arme Dingen" },
        { locale: "fr", title: "Pauvres Créatures" },
      ],
    });
    const showtimeIds = [
      await createShowtime(services.db, cinemaId, []),
      await createShowtime(services.db, cinemaId, []),
    ];
    await services.db.update(showtimes).set({ movieId: merged.id }).where(eq(showtimes.cinemaId, cinemaId));
    await addMovieAlias(services, admin, { movieId: merged.id, alias: "Poor Things OV" });
    await services.db.insert(clientMovieSettings).values([
      { clientId: s.clientA.id, movieId: survivor.id, featured: true },
      { clientId: s.clientA.id, movieId: merged.id, hidden: true },
      { clientId: s.clientB.id, movieId: merged.id, featured: true, position: 2 },
    ]);
    const scope = { countries: ["NL"] } as Parameters<typeof getMovie>[1];
    expect((await getMovie(services, scope, { id: merged.id })).id).toBe(merged.id);

    const result = await mergeMovies(services, admin, { survivorId: survivor.id, mergedId: merged.id });
    expect(result.moved).toEqual({
      showtimes: 2,
      aliases: 1,
      titles: 1,
      externalIds: ["tmdbId", "wikidataId"],
      clientSettings: 1,
    });
    expect(result.survivor).toMatchObject({ imdbId: "tt14230458", tmdbId: 792307, wikidataId: "Q110832595" });
    expect(result.merged).toMatchObject({ status: "merged", mergedIntoId: survivor.id, tmdbId: null });
    const onSurvivor = await services.db
      .select({ id: showtimes.id })
      .from(showtimes)
      .where(eq(showtimes.movieId, survivor.id));
    expect(onSurvivor.map((r) => r.id).sort()).toEqual(showtimeIds.sort());
    const detail = await getMovieDetail(services, admin, survivor.id);
    expect(detail.titles).toEqual({ fr: "Pauvres Créatures", nl: "Poor Things" });
    expect(detail.aliases.map((a) => a.normalizedTitle)).toEqual(["poor things"]);
    const settings = await services.db
      .select()
      .from(clientMovieSettings)
      .where(eq(clientMovieSettings.movieId, survivor.id));
    expect(
      settings.map((r) => [r.clientId === s.clientA.id ? "A" : "B", r.featured, r.hidden]).sort(),
    ).toEqual([
      ["A", true, false],
      ["B", true, false],
    ]);
    expect(
      await countRows(services.db, clientMovieSettings, eq(clientMovieSettings.movieId, merged.id)),
    ).toBe(0);
    expect((await auditRowsFor(services.db, "catalog.movie.merge"))[0]).toMatchObject({
      entityId: survivor.id,
      after: expect.objectContaining({ moved: result.moved }),
    });
    await expectAppError(getMovie(services, scope, { id: merged.id }), "not_found");
    expect((await listMovieRows(services, admin, { search: "poor things" })).total).toBe(1);
    expect((await listMovieRows(services, admin, { search: "poor things", status: "merged" })).total).toBe(1);

    const third = await createMovie(services, admin, { title: "Poor Things 3", slug: "poor-things-3" });
    const audits = await countRows(services.db, auditLogs);
    await expectAppError(
      mergeMovies(services, admin, { survivorId: merged.id, mergedId: third.id }),
      "conflict",
      "studio.dataMovies.mergeIntoMerged",
    );
    await expectAppError(
      mergeMovies(services, admin, { survivorId: survivor.id, mergedId: merged.id }),
      "conflict",
      "studio.dataMovies.merged",
    );
    const self = await expectAppError(
      mergeMovies(services, admin, { survivorId: third.id, mergedId: third.id }),
      "invalid_input",
    );
    expect(self.fieldErrors.survivorId).toBe("studio.dataMovies.validation.mergeSame");
    await expectAppError(
      updateMovie(services, admin, { ...base, slug: "x-merged", movieId: merged.id }),
      "conflict",
    );
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });
});
