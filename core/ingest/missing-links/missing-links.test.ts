// The missing-links queue on a real database: listing (open / resolved, search, source, sort, waiting
// showtimes), linking (alias, waiting showtimes of every source, every open link of the title, audited,
// API caches invalidated), a conflicting alias refused with nothing changed, creating a movie from a
// title, ignore / un-ignore, the bulk link to the best candidate, and client admins refused everywhere.
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { movieAliases, movies } from "../../../db/schema/catalog.ts";
import { missingLinks, sources, type MatchCandidate } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { createApiResponseCache } from "../../cache/response-cache.ts";
import { normalizeFeedTitle } from "../../catalog/movies/normalize-feed-title.ts";
import { createCinema, ensureCountry } from "../../catalog/catalog-test-helpers.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  type Scenario,
} from "../../tenancy/tenancy-test-fixtures.ts";
import { createMovieFromMissingLink } from "./create-movie-from-missing-link.ts";
import { ignoreMissingLinks } from "./ignore-missing-links.ts";
import { linkMissingLink } from "./link-missing-link.ts";
import { linkMissingLinksToTopCandidates } from "./link-missing-links-to-top-candidates.ts";
import { listMissingLinks } from "./list-missing-links.ts";
import type { MissingLinkServices } from "./missing-links.ts";
import { unignoreMissingLinks } from "./unignore-missing-links.ts";

const database = useTestDatabase();
let s: Scenario;
let services: MissingLinkServices;
let cinemaId = "";
const ids = { pathe: "", kinepolis: "", dune: "", alien: "", hidden: "" };
const admin = () => actorFor(s.superAdmin);

beforeAll(async () => {
  const { db } = database();
  services = { db, apiCache: createApiResponseCache() };
  s = await createScenario(db);
  await ensureCountry(db, "NL", "Netherlands");
  cinemaId = await createCinema(db);
  const made = await db
    .insert(sources)
    .values([
      { name: "Pathé feed", format: "reeltime-json", location: "https://example.test/pathe" },
      { name: "Kinepolis feed", format: "veezi-json", location: "https://example.test/kinepolis" },
    ])
    .returning({ id: sources.id });
  [ids.pathe, ids.kinepolis] = made.map((m) => m.id) as [string, string];
  const films = await db
    .insert(movies)
    .values([
      { title: "Dune: Part Two", slug: "dune-part-two", year: 2024 },
      { title: "Alien", slug: "alien", year: 1979 },
      { title: "Gone", slug: "gone", status: "hidden" },
    ])
    .returning({ id: movies.id });
  [ids.dune, ids.alien, ids.hidden] = films.map((m) => m.id) as [string, string, string];
});

let titleCount = 0;
/** An open missing link of `rawTitle` and `waiting` unlinked showtimes carrying `feedTitles`. */
async function missing(
  rawTitle: string,
  options: {
    sourceId?: string;
    candidates?: MatchCandidate[];
    occurrences?: number;
    feedTitles?: string[];
  } = {},
) {
  const { db } = database();
  const [row] = await db
    .insert(missingLinks)
    .values({
      sourceId: options.sourceId ?? ids.pathe,
      rawTitle,
      normalizedTitle: normalizeFeedTitle(rawTitle),
      hints: { year: 2024, runtimeMinutes: 120 },
      occurrences: options.occurrences ?? 1,
      candidates: options.candidates ?? [],
    })
    .returning({ id: missingLinks.id });
  for (const feedTitle of options.feedTitles ?? []) {
    titleCount += 1;
    await db.insert(showtimes).values({
      cinemaId,
      countryCode: "NL",
      feedTitle,
      startsAt: new Date(Date.UTC(2030, 0, 1, 19, titleCount)),
    });
  }
  return row!.id;
}

const showtimesOf = (feedTitle: string) =>
  database()
    .db.select({ movieId: showtimes.movieId })
    .from(showtimes)
    .where(eq(showtimes.feedTitle, feedTitle));
const linkRow = async (id: string) =>
  (await database().db.select().from(missingLinks).where(eq(missingLinks.id, id)))[0]!;

describe("access", () => {
  it("refuses client admins everything, before reading the input", async () => {
    const id = await missing("Refused Film", { feedTitles: ["Refused Film"] });
    const client = actorFor(s.adminA, s.clientA);
    await expectAppError(listMissingLinks(services, client), "forbidden", "access.superAdminOnly");
    await expectAppError(
      linkMissingLink(services, client, { missingLinkId: id, movieId: ids.dune }),
      "forbidden",
    );
    await expectAppError(
      createMovieFromMissingLink(services, client, { missingLinkId: id, title: "X", slug: "x-refused" }),
      "forbidden",
    );
    await expectAppError(ignoreMissingLinks(services, client, { ids: [id] }), "forbidden");
    await expectAppError(unignoreMissingLinks(services, client, { ids: [id] }), "forbidden");
    await expectAppError(linkMissingLinksToTopCandidates(services, client, { ids: [id] }), "forbidden");
    expect((await linkRow(id)).resolution).toBeNull();
    expect(await showtimesOf("Refused Film")).toEqual([{ movieId: null }]);
  });
});

describe("linkMissingLink", () => {
  it("adds the alias, links the waiting showtimes of every source and resolves every open link of the title", async () => {
    const version = await services.apiCache.dataVersion();
    const fromPathe = await missing("Dune: Part Two (OV)", {
      feedTitles: ["Dune: Part Two (OV)", "Dune: Part Two (OV)", "DUNE PART TWO 3D"],
    });
    const fromKinepolis = await missing("Dune - Part Two", {
      sourceId: ids.kinepolis,
      feedTitles: ["Dune - Part Two"],
    });
    await missing("Dune", { feedTitles: ["Dune"] });

    const outcome = await linkMissingLink(services, admin(), { missingLinkId: fromPathe, movieId: ids.dune });

    expect(outcome).toMatchObject({ alias: "dune part two", aliasAdded: true, showtimes: 4 });
    expect(outcome.resolvedIds.sort()).toEqual([fromPathe, fromKinepolis].sort());
    const [alias] = await database()
      .db.select()
      .from(movieAliases)
      .where(eq(movieAliases.normalizedTitle, "dune part two"));
    expect(alias?.movieId).toBe(ids.dune);
    for (const title of ["Dune: Part Two (OV)", "DUNE PART TWO 3D", "Dune - Part Two"])
      for (const row of await showtimesOf(title)) expect(row.movieId).toBe(ids.dune);
    // Another title stays waiting.
    expect(await showtimesOf("Dune")).toEqual([{ movieId: null }]);
    const resolved = await linkRow(fromKinepolis);
    expect(resolved).toMatchObject({
      resolution: "linked",
      resolvedMovieId: ids.dune,
      resolvedBy: s.superAdmin.profileId,
    });
    expect(resolved.resolvedAt).toBeInstanceOf(Date);
    expect(await services.apiCache.dataVersion()).not.toBe(version);

    const [audit] = await auditRowsFor(database().db, "ingest.missingLink.link");
    expect(audit).toMatchObject({
      entityType: "missing_link",
      entityId: fromPathe,
      actorProfileId: s.superAdmin.profileId,
      before: { title: "Dune: Part Two (OV)", resolution: null },
      after: {
        resolution: "linked",
        movieId: ids.dune,
        alias: "dune part two",
        aliasAdded: true,
        showtimes: 4,
      },
    });
  });

  it("refuses a title whose alias points at another movie, and changes nothing", async () => {
    const { db } = database();
    await db.insert(movieAliases).values({ normalizedTitle: "alien romulus", movieId: ids.alien });
    const id = await missing("Alien: Romulus", { feedTitles: ["Alien: Romulus"] });
    const aliases = await countRows(db, movieAliases);
    const audits = (await auditRowsFor(db, "ingest.missingLink.link")).length;

    const error = await expectAppError(
      linkMissingLink(services, admin(), { missingLinkId: id, movieId: ids.dune }),
      "conflict",
      "missingLinks.aliasTaken",
    );
    expect(error.message).toContain("Alien (1979)");
    expect(await countRows(db, movieAliases)).toBe(aliases);
    expect(await showtimesOf("Alien: Romulus")).toEqual([{ movieId: null }]);
    expect((await linkRow(id)).resolution).toBeNull();
    expect(await auditRowsFor(db, "ingest.missingLink.link")).toHaveLength(audits);

    // Linking to the movie the alias already names uses it.
    const outcome = await linkMissingLink(services, admin(), { missingLinkId: id, movieId: ids.alien });
    expect(outcome).toMatchObject({ aliasAdded: false, showtimes: 1 });
  });

  it("refuses a hidden movie, a resolved title and a missing one", async () => {
    const id = await missing("Gone Girl Sneak", { feedTitles: ["Gone Girl Sneak"] });
    await expectAppError(
      linkMissingLink(services, admin(), { missingLinkId: id, movieId: ids.hidden }),
      "conflict",
      "missingLinks.movieInactive",
    );
    await ignoreMissingLinks(services, admin(), { ids: [id] });
    await expectAppError(
      linkMissingLink(services, admin(), { missingLinkId: id, movieId: ids.alien }),
      "conflict",
      "missingLinks.alreadyResolved",
    );
    await expectAppError(
      linkMissingLink(services, admin(), { missingLinkId: crypto.randomUUID(), movieId: ids.alien }),
      "not_found",
      "missingLinks.notFound",
    );
    await expectAppError(
      linkMissingLink(services, admin(), { missingLinkId: id, movieId: "nope" }),
      "invalid_input",
    );
  });
});

describe("createMovieFromMissingLink", () => {
  it("creates the movie and links the title to it in one go", async () => {
    const id = await missing("Flow (OV)", { feedTitles: ["Flow (OV)", "Flow"] });
    const outcome = await createMovieFromMissingLink(services, admin(), {
      missingLinkId: id,
      title: "Flow",
      slug: "flow-2024",
      year: "2024",
      runtimeMinutes: "85",
      imdbId: "tt4772188",
    });
    expect(outcome.created).toMatchObject({
      title: "Flow",
      year: 2024,
      runtimeMinutes: 85,
      imdbId: "tt4772188",
    });
    expect(outcome).toMatchObject({ alias: "flow", aliasAdded: true, showtimes: 2 });
    expect(await linkRow(id)).toMatchObject({ resolution: "new-movie", resolvedMovieId: outcome.created.id });
    for (const row of await showtimesOf("Flow")) expect(row.movieId).toBe(outcome.created.id);
    const [created] = await auditRowsFor(database().db, "catalog.movie.create");
    expect(created?.entityId).toBe(outcome.created.id);
    const [audit] = await auditRowsFor(database().db, "ingest.missingLink.newMovie");
    expect(audit?.entityId).toBe(id);
  });

  it("creates no movie when the link is refused, and links nothing when the movie is", async () => {
    const { db } = database();
    await db.insert(movieAliases).values({ normalizedTitle: "conclave", movieId: ids.alien });
    const id = await missing("Conclave", { feedTitles: ["Conclave"] });
    const before = await countRows(db, movies);
    await expectAppError(
      createMovieFromMissingLink(services, admin(), {
        missingLinkId: id,
        title: "Conclave",
        slug: "conclave",
      }),
      "conflict",
      "missingLinks.aliasTaken",
    );
    expect(await countRows(db, movies)).toBe(before);

    const other = await missing("Anora", { feedTitles: ["Anora"] });
    await expectAppError(
      createMovieFromMissingLink(services, admin(), { missingLinkId: other, title: "Anora", slug: "alien" }),
      "conflict",
    );
    expect(await countRows(db, movies)).toBe(before);
    expect((await linkRow(other)).resolution).toBeNull();
    expect(await showtimesOf("Anora")).toEqual([{ movieId: null }]);
  });
});

describe("ignore and un-ignore", () => {
  it("sets titles aside and puts them back, audited, leaving resolved ones alone", async () => {
    const { db } = database();
    const quiz = await missing("Pub Quiz Night");
    const pass = await missing("Festival Pass");
    const linked = await missing("Alien (1979)");
    await linkMissingLink(services, admin(), { missingLinkId: linked, movieId: ids.alien });

    const result = await ignoreMissingLinks(services, admin(), { ids: `${quiz},${pass},${linked}` });
    expect(result.ignored.map((r) => r.id).sort()).toEqual([quiz, pass].sort());
    expect(result.unchanged).toEqual([linked]);
    expect(await linkRow(quiz)).toMatchObject({ resolution: "ignored", resolvedBy: s.superAdmin.profileId });
    const ignoreAudits = await auditRowsFor(db, "ingest.missingLink.ignore");
    expect(ignoreAudits.filter((a) => a.entityId === quiz)).toHaveLength(1);

    const back = await unignoreMissingLinks(services, admin(), { ids: [quiz, linked] });
    expect(back.reopened.map((r) => r.id)).toEqual([quiz]);
    expect(back.unchanged).toEqual([linked]);
    expect(await linkRow(quiz)).toMatchObject({ resolution: null, resolvedBy: null, resolvedAt: null });
    expect((await linkRow(linked)).resolution).toBe("linked");
    const [audit] = await auditRowsFor(db, "ingest.missingLink.unignore");
    expect(audit).toMatchObject({
      entityId: quiz,
      before: { resolution: "ignored" },
      after: { resolution: null },
    });

    await expectAppError(ignoreMissingLinks(services, admin(), { ids: "" }), "invalid_input");
  });
});

describe("linkMissingLinksToTopCandidates", () => {
  it("links each title to its best candidate and skips what cannot be linked", async () => {
    const { db } = database();
    const candidates = (movieId: string, title: string): MatchCandidate[] => [
      { movieId, title, year: null, score: 0.8 },
      { movieId: ids.dune, title: "Dune: Part Two", year: 2024, score: 0.4 },
    ];
    const first = await missing("Alien Resurrection Night", {
      candidates: candidates(ids.alien, "Alien"),
      feedTitles: ["Alien Resurrection Night"],
    });
    const none = await missing("Mystery Screening");
    await db.insert(movieAliases).values({ normalizedTitle: "alien uncut", movieId: ids.dune });
    const taken = await missing("Alien Uncut", { candidates: candidates(ids.alien, "Alien") });

    const result = await linkMissingLinksToTopCandidates(services, admin(), { ids: [first, none, taken] });
    expect(result.linked.map((l) => [l.missingLinkId, l.movie.id])).toEqual([[first, ids.alien]]);
    expect(result.skipped).toEqual([
      { id: none, title: "Mystery Screening", reason: "missingLinks.noCandidate" },
      { id: taken, title: "Alien Uncut", reason: "missingLinks.aliasTaken" },
    ]);
    expect(await showtimesOf("Alien Resurrection Night")).toEqual([{ movieId: ids.alien }]);
    expect((await linkRow(taken)).resolution).toBeNull();
    expect(
      await countRows(db, missingLinks, and(eq(missingLinks.id, none), isNull(missingLinks.resolution))),
    ).toBe(1);
  });
});

describe("listMissingLinks", () => {
  it("lists the open queue with source, candidates and waiting showtimes; searches, filters, sorts and pages", async () => {
    await missing("Paddington in Peru (NL)", {
      sourceId: ids.kinepolis,
      occurrences: 40,
      candidates: [{ movieId: ids.alien, title: "Alien", year: 1979, score: 0.31 }],
      feedTitles: ["Paddington in Peru (NL)", "Paddington in Peru"],
    });
    await missing("Zzz Last Title", { occurrences: 39 });

    const open = await listMissingLinks(services, admin(), { pageSize: 2 });
    expect(open.sort).toBe("-occurrences");
    expect(open.rows.map((r) => r.rawTitle)).toEqual(["Paddington in Peru (NL)", "Zzz Last Title"]);
    expect(open.rows[0]).toMatchObject({
      sourceName: "Kinepolis feed",
      occurrences: 40,
      waitingShowtimes: 2,
      candidates: [{ title: "Alien", score: 0.31 }],
      resolution: null,
    });
    expect(open.total).toBeGreaterThan(2);
    expect(open.sources.map((o) => o.label)).toEqual(["Kinepolis feed", "Pathé feed"]);

    const searched = await listMissingLinks(services, admin(), { search: "paddington" });
    expect(searched.rows.map((r) => r.rawTitle)).toEqual(["Paddington in Peru (NL)"]);
    const bySource = await listMissingLinks(services, admin(), { sourceId: ids.kinepolis });
    expect(bySource.rows.every((r) => r.sourceId === ids.kinepolis)).toBe(true);
    const byTitle = await listMissingLinks(services, admin(), { sort: "-title", pageSize: 1 });
    expect(byTitle.rows[0]?.rawTitle).toBe("Zzz Last Title");

    const resolved = await listMissingLinks(services, admin(), { view: "resolved", search: "dune" });
    expect(resolved.sort).toBe("-resolved");
    expect(resolved.rows.map((r) => r.rawTitle).sort()).toEqual(["Dune - Part Two", "Dune: Part Two (OV)"]);
    expect(resolved.rows[0]).toMatchObject({
      resolution: "linked",
      resolvedMovie: { id: ids.dune, title: "Dune: Part Two", year: 2024 },
    });
    expect(resolved.rows[0]?.resolvedByName).toBeTruthy();
  });
});
