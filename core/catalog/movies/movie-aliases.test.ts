// A movie's aliases (the feed titles it is known by), in the normalized form matching compares, on a
// real database.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { movieAliases } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { addMovieAlias } from "./add-movie-alias.ts";
import { createMovie } from "./create-movie.ts";
import type { MovieServices } from "./movies.ts";
import { normalizeFeedTitle } from "./normalize-feed-title.ts";
import { removeMovieAlias } from "./remove-movie-alias.ts";
import { movieScenario } from "../../../tests/helpers/movie-scenario.ts";

describe("movies", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: MovieServices;

  beforeAll(async () => {
    ({ s, services } = await movieScenario(database().db));
  });

  it("adds and removes aliases in their normalized form, refusing one that names another movie", async () => {
    const admin = actorFor(s.superAdmin);
    const movie = await createMovie(services, admin, { title: "Barbie", slug: "barbie", year: 2023 });
    const other = await createMovie(services, admin, {
      title: "Barbie (1977)",
      slug: "barbie-1977",
      year: 1977,
    });
    const alias = await addMovieAlias(services, admin, { movieId: movie.id, alias: "BARBIE (OV) IMAX" });
    expect(alias).toMatchObject({ normalizedTitle: "barbie", added: true });
    expect((await addMovieAlias(services, admin, { movieId: movie.id, alias: "Barbie 2D" })).added).toBe(
      false,
    );
    const refused = await expectAppError(
      addMovieAlias(services, admin, { movieId: other.id, alias: "Barbie (Originele versie)" }),
      "conflict",
      "studio.dataMovies.aliasTaken",
    );
    expect(refused.fieldErrors.alias).toContain("Barbie (2023)");
    await expectAppError(
      addMovieAlias(services, admin, { movieId: movie.id, alias: "(OV) 3D" }),
      "invalid_input",
    );
    await removeMovieAlias(services, admin, { aliasId: alias.id });
    expect(await countRows(services.db, movieAliases, eq(movieAliases.movieId, movie.id))).toBe(0);
    await expectAppError(removeMovieAlias(services, admin, { aliasId: alias.id }), "not_found");
    expect((await auditRowsFor(services.db, "catalog.movie.alias.remove"))[0]).toMatchObject({
      entityId: movie.id,
      before: { alias: "barbie" },
    });
  });

  it("normalizes feed titles as matching compares them", () => {
    expect(normalizeFeedTitle("Dune: Part Two (OV) 3D")).toBe("dune part two");
    expect(normalizeFeedTitle("Wicked (Originele versie) IMAX")).toBe("wicked");
    expect(normalizeFeedTitle("Sneak Preview: Anora (2024)")).toBe("anora");
    expect(normalizeFeedTitle("Amélie & Nino")).toBe("amelie and nino");
  });
});
