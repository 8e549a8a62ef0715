// A client's movie page: what plays in its granted countries with its settings; editors and admins
// feature, hide and order featured movies (dense positions, audited with the client); viewers and other
// clients' members change nothing.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryAccess } from "../../db/schema/access.ts";
import { auditLogs } from "../../db/schema/audit.ts";
import { movies } from "../../db/schema/catalog.ts";
import { clientMovieSettings } from "../../db/schema/client-movies.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../cache/response-cache.ts";
import { createCinema, ensureCountry } from "../catalog/catalog-test-helpers.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { listClientMovies } from "./list-client-movies.ts";
import { moveClientMovie } from "./move-client-movie.ts";
import { setClientMovieSetting } from "./set-client-movie-setting.ts";

const NOW = new Date();
const HOUR = 3_600_000;
const tag = randomUUID().slice(0, 6);

describe("client movies", () => {
  const database = useTestDatabase();
  let s: Scenario;
  let services: {
    db: ReturnType<typeof database>["db"];
    now: () => Date;
    apiCache: ReturnType<typeof createApiResponseCache>;
  };
  const ids: Record<string, string> = {};

  async function movie(title: string, status: "active" | "merged" = "active") {
    const [row] = await services.db
      .insert(movies)
      .values({ title, slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${tag}`, status })
      .returning({ id: movies.id });
    ids[title] = row!.id;
    return row!.id;
  }

  const featuredOrder = async (clientId: string) =>
    (
      await services.db
        .select({ movieId: clientMovieSettings.movieId, position: clientMovieSettings.position })
        .from(clientMovieSettings)
        .where(and(eq(clientMovieSettings.clientId, clientId), eq(clientMovieSettings.featured, true)))
        .orderBy(clientMovieSettings.position)
    ).map((r) => [Object.keys(ids).find((k) => ids[k] === r.movieId), r.position]);

  beforeAll(async () => {
    const { db } = database();
    services = { db, now: () => NOW, apiCache: createApiResponseCache() };
    s = await createScenario(db);
    await ensureCountry(db, "NL", "Netherlands");
    await ensureCountry(db, "BE", "Belgium");
    await db.insert(countryAccess).values({ clientId: s.clientA.id, countryCode: "NL" });
    const nl = await createCinema(db, { countryCode: "NL" });
    const be = await createCinema(db, { countryCode: "BE" });
    for (const title of ["Anora", "Barbie", "Conclave", "Dune"]) await movie(title);
    await movie("Merged Away", "merged");
    const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
    await db.insert(showtimes).values([
      { cinemaId: nl, countryCode: "NL", movieId: ids.Anora!, feedTitle: "a", startsAt: at(3) },
      { cinemaId: nl, countryCode: "NL", movieId: ids.Anora!, feedTitle: "a", startsAt: at(24 * 10) },
      { cinemaId: nl, countryCode: "NL", movieId: ids.Barbie!, feedTitle: "b", startsAt: at(5) },
      { cinemaId: nl, countryCode: "NL", movieId: ids.Conclave!, feedTitle: "c", startsAt: at(6) },
      // After the 14 days, in a country A is not granted, cancelled, merged: none of them listed.
      { cinemaId: nl, countryCode: "NL", movieId: ids.Dune!, feedTitle: "d", startsAt: at(24 * 15) },
      { cinemaId: be, countryCode: "BE", movieId: ids.Dune!, feedTitle: "d", startsAt: at(2) },
      {
        cinemaId: nl,
        countryCode: "NL",
        movieId: ids.Dune!,
        feedTitle: "d",
        startsAt: at(4),
        status: "cancelled",
      },
      { cinemaId: nl, countryCode: "NL", movieId: ids["Merged Away"]!, feedTitle: "m", startsAt: at(4) },
    ]);
  });

  it("lists what plays in the client's countries in the next 14 days, with counts", async () => {
    const page = await listClientMovies(services, actorFor(s.viewerA, s.clientA), { clientId: s.clientA.id });
    expect(page.countries).toEqual(["NL"]);
    expect(page.rows.map((r) => [r.title, r.showtimeCount, r.featured, r.hidden])).toEqual([
      ["Anora", 2, false, false],
      ["Barbie", 1, false, false],
      ["Conclave", 1, false, false],
    ]);
    // Client B has no countries: nothing plays for it.
    expect(
      (await listClientMovies(services, actorFor(s.adminB, s.clientB), { clientId: s.clientB.id })).total,
    ).toBe(0);
  });

  it("lets an editor feature, hide and reorder; positions stay dense; each change is audited", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    const clientId = s.clientA.id;
    for (const title of ["Conclave", "Anora", "Barbie"])
      await setClientMovieSetting(services, editor, { clientId, movieId: ids[title]!, change: "feature" });
    expect(await featuredOrder(clientId)).toEqual([
      ["Conclave", 1],
      ["Anora", 2],
      ["Barbie", 3],
    ]);

    // The widget's cached showtimes carry the settings: each change makes them stale.
    const version = await services.apiCache.dataVersion();
    await moveClientMovie(services, editor, { clientId, movieId: ids.Barbie!, direction: "up" });
    expect(await services.apiCache.dataVersion()).toBeGreaterThan(version);
    expect(await featuredOrder(clientId)).toEqual([
      ["Conclave", 1],
      ["Barbie", 2],
      ["Anora", 3],
    ]);
    // The first cannot go higher: nothing changes, nothing is audited.
    const moves = (await auditRowsFor(services.db, "client.movie.move")).length;
    await moveClientMovie(services, editor, { clientId, movieId: ids.Conclave!, direction: "up" });
    expect((await auditRowsFor(services.db, "client.movie.move")).length).toBe(moves);

    // Hiding a featured movie unfeatures it and closes the gap.
    await setClientMovieSetting(services, editor, { clientId, movieId: ids.Conclave!, change: "hide" });
    expect(await featuredOrder(clientId)).toEqual([
      ["Barbie", 1],
      ["Anora", 2],
    ]);
    const page = await listClientMovies(services, editor, { clientId });
    expect(page.featuredCount).toBe(2);
    expect(page.rows.map((r) => [r.title, r.featured, r.hidden, r.position])).toEqual([
      ["Barbie", true, false, 1],
      ["Anora", true, false, 2],
      ["Conclave", false, true, null],
    ]);
    expect(
      (await listClientMovies(services, editor, { clientId, view: "hidden" })).rows.map((r) => r.title),
    ).toEqual(["Conclave"]);

    const [hide] = await auditRowsFor(services.db, "client.movie.hide");
    expect(hide).toMatchObject({
      entityId: ids.Conclave,
      effectiveClientId: clientId,
      before: { featured: true, hidden: false, position: 1 },
      after: { featured: false, hidden: true, position: null },
    });

    // A hidden movie featured again is shown and goes last; unfeature removes it from the order.
    await setClientMovieSetting(services, editor, { clientId, movieId: ids.Conclave!, change: "feature" });
    expect(await featuredOrder(clientId)).toEqual([
      ["Barbie", 1],
      ["Anora", 2],
      ["Conclave", 3],
    ]);
    await setClientMovieSetting(services, actorFor(s.adminA, s.clientA), {
      clientId,
      movieId: ids.Barbie!,
      change: "unfeature",
    });
    expect(await featuredOrder(clientId)).toEqual([
      ["Anora", 1],
      ["Conclave", 2],
    ]);
  });

  it("lists a featured or hidden movie that plays nowhere now, so it can be undone", async () => {
    const editor = actorFor(s.editorA, s.clientA);
    await setClientMovieSetting(services, editor, {
      clientId: s.clientA.id,
      movieId: ids.Dune!,
      change: "hide",
    });
    const page = await listClientMovies(services, editor, { clientId: s.clientA.id, search: "dun" });
    expect(page.rows).toEqual([expect.objectContaining({ title: "Dune", hidden: true, showtimeCount: 0 })]);
  });

  it("refuses viewers, other clients' members and bad input, changing nothing", async () => {
    const clientId = s.clientA.id;
    const settings = await countRows(services.db, clientMovieSettings);
    const audits = await countRows(services.db, auditLogs);
    const movieId = ids.Barbie!;
    await expectAppError(
      setClientMovieSetting(services, actorFor(s.viewerA, s.clientA), {
        clientId,
        movieId,
        change: "feature",
      }),
      "forbidden",
    );
    await expectAppError(
      moveClientMovie(services, actorFor(s.viewerA, s.clientA), { clientId, movieId, direction: "up" }),
      "forbidden",
    );
    // An admin of B naming A's id, acting for B or for A.
    for (const actor of [actorFor(s.adminB, s.clientB), actorFor(s.adminB, s.clientA)]) {
      await expectAppError(
        setClientMovieSetting(services, actor, { clientId, movieId, change: "hide" }),
        "forbidden",
      );
      await expectAppError(listClientMovies(services, actor, { clientId }), "forbidden");
    }
    const editor = actorFor(s.editorA, s.clientA);
    await expectAppError(
      setClientMovieSetting(services, editor, { clientId, movieId, change: "delete" as "hide" }),
      "invalid_input",
    );
    await expectAppError(
      setClientMovieSetting(services, editor, { clientId, movieId: ids["Merged Away"]!, change: "feature" }),
      "not_found",
    );
    const notFeatured = await expectAppError(
      moveClientMovie(services, editor, { clientId, movieId, direction: "down" }),
      "invalid_input",
    );
    expect(notFeatured.fieldErrors.movieId).toBeDefined();
    expect(await countRows(services.db, clientMovieSettings)).toBe(settings);
    expect(await countRows(services.db, auditLogs)).toBe(audits);
  });

  it("lets a super admin curate any client", async () => {
    const admin = actorFor(s.superAdmin);
    await setClientMovieSetting(services, admin, {
      clientId: s.clientB.id,
      movieId: ids.Anora!,
      change: "feature",
    });
    expect(await featuredOrder(s.clientB.id)).toEqual([["Anora", 1]]);
    // B's settings are not A's.
    expect(await featuredOrder(s.clientA.id)).toEqual([
      ["Anora", 1],
      ["Conclave", 2],
    ]);
  });
});
