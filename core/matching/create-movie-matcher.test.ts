import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { movieAliases, movies, movieTitles } from "../../db/schema/catalog.ts";
import { missingLinks, sources } from "../../db/schema/ingest.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createMovieMatcher } from "./create-movie-matcher.ts";
import { recordMissingLink } from "./record-missing-link.ts";
import { canonicalTitle, compactTitle, trigramSimilarity } from "./title-similarity.ts";

type Seed = Partial<typeof movies.$inferInsert> & { title: string; nl?: string };

describe("createMovieMatcher", () => {
  const database = useTestDatabase();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = database();
    const seeds: Record<string, Seed> = {
      dune2: { title: "Dune: Part Two", year: 2024, runtimeMinutes: 166, imdbId: "tt15239678" },
      dune: { title: "Dune", year: 2021, runtimeMinutes: 155 },
      capeFear62: { title: "Cape Fear", year: 1962, runtimeMinutes: 106 },
      capeFear91: { title: "Cape Fear", year: 1991, runtimeMinutes: 128, tmdbId: 1598 },
      insideOut2: { title: "Inside Out 2", year: 2024, nl: "Binnenstebuiten 2" },
      insideOut: { title: "Inside Out", year: 2015, nl: "Binnenstebuiten" },
      hidden: { title: "Het Smelt", year: 2023, status: "hidden" },
      survivor: { title: "Perfect Days", year: 2023, wikidataId: "Q116738406" },
      merged: { title: "Perfect Dayz", year: 2023, status: "merged" },
      oppenheimer: { title: "Oppenheimer", year: 2023 },
      tar: { title: "Tár", year: 2022 },
      theDrop: { title: "The Drop", year: 2014, runtimeMinutes: 106 },
      ritual: { title: "The Ritual" },
      bird: { title: "Bird", releaseDates: { WW: "2024-11-13" } },
      flow: { title: "Flow", runtimeMinutes: 85 },
    };
    for (const [name, { nl, ...seed }] of Object.entries(seeds)) {
      const [row] = await db
        .insert(movies)
        .values({ slug: name.toLowerCase(), ...seed })
        .returning({ id: movies.id });
      ids[name] = row!.id;
      await db.insert(movieTitles).values({ movieId: row!.id, locale: "en", title: seed.title });
      if (nl) await db.insert(movieTitles).values({ movieId: row!.id, locale: "nl", title: nl });
    }
    await db.update(movies).set({ mergedIntoId: ids.survivor }).where(eq(movies.id, ids.merged!));
    await db.insert(movieAliases).values({ normalizedTitle: "opp", movieId: ids.oppenheimer! });
  });

  it("links decorated, Dutch, renumbered and accent-free titles", async () => {
    const matcher = createMovieMatcher(database().db);
    const cases: [string, string][] = [
      ["Dune: Part Two (OV) IMAX", "dune2"],
      ["Dune 2 - English subtitles", "dune2"],
      ["DUNE PART 2 4DX", "dune2"],
      ["Binnenstebuiten 2 (NL gesproken)", "insideOut2"],
      ["Sneak Preview: Oppenheimer", "oppenheimer"],
      ["Tar", "tar"],
    ];
    for (const [title, expected] of cases) {
      const result = await matcher.match(title);
      expect(result.movieId, title).toBe(ids[expected]);
      expect(result.method).toBe("title");
      expect(result.candidates[0]?.movieId).toBe(ids[expected]);
    }
  });

  it("tells sequels and remakes apart, and leaves the ambiguous for a person", async () => {
    const matcher = createMovieMatcher(database().db);
    expect((await matcher.match("Dune (OV)")).movieId).toBe(ids.dune);
    expect((await matcher.match("Inside Out (2015)")).movieId).toBe(ids.insideOut);
    expect((await matcher.match("Cape Fear (1962)")).movieId).toBe(ids.capeFear62);
    expect((await matcher.match("Cape Fear", { runtimeMinutes: 128 })).movieId).toBe(ids.capeFear91);
    const ambiguous = await matcher.match("Cape Fear");
    expect(ambiguous.movieId).toBeNull();
    expect(
      ambiguous.candidates
        .slice(0, 2)
        .map((c) => c.movieId)
        .sort(),
    ).toEqual([ids.capeFear62, ids.capeFear91].sort());
    // a year no catalogue film has: a new film, not the old one
    expect((await matcher.match("Cape Fear", { year: 2025 })).movieId).toBeNull();
    // a sequel the catalogue lacks never links to its predecessor
    const third = await matcher.match("Inside Out 3");
    expect(third.movieId).toBeNull();
    expect(third.candidates.map((c) => c.movieId)).toContain(ids.insideOut);
  });

  it("never links a new release to an older film of its name: the feed's year counts against", async () => {
    const matcher = createMovieMatcher(database().db);
    const drop = await matcher.match("Drop", { year: 2025, runtimeMinutes: 96 });
    expect(drop.movieId).toBeNull();
    expect(drop.candidates[0]?.movieId).toBe(ids.theDrop);
    // a release date gives the year
    expect((await matcher.match("Drop", { releaseDate: "2025-04-10" })).movieId).toBeNull();
    expect((await matcher.match("The Drop", { year: 2014 })).movieId).toBe(ids.theDrop);
    // a film of unknown year: the feed's year alone does not let it link, an agreeing runtime does
    const ritual = await matcher.match("The Ritual (OV)", { year: 2025, runtimeMinutes: 98 });
    expect(ritual.movieId).toBeNull();
    expect(ritual.candidates[0]).toMatchObject({ movieId: ids.ritual, year: null });
    expect((await matcher.match("The Ritual")).movieId).toBe(ids.ritual);
    expect((await matcher.match("Flow", { year: 2025 })).movieId).toBeNull();
    expect((await matcher.match("Flow", { year: 2025, runtimeMinutes: 85 })).movieId).toBe(ids.flow);
    // a year within one of the feed's links; a movie without a year has its release date's
    const bird = await matcher.match("Bird", { year: 2025 });
    expect(bird.movieId).toBe(ids.bird);
    expect(bird.candidates[0]?.year).toBe(2024);
    // an external id still decides alone: a feed's year may be a re-release's
    expect((await matcher.match("Cape Fear", { tmdbId: 1598, year: 2025 })).movieId).toBe(ids.capeFear91);
  });

  it("trusts external ids first and aliases next; hidden movies match, merged ones answer as their survivor", async () => {
    const matcher = createMovieMatcher(database().db);
    expect(await matcher.match("Whatever the feed calls it", { imdbId: "tt15239678" })).toMatchObject({
      movieId: ids.dune2,
      method: "external-id",
    });
    expect(await matcher.match("Cape Fear", { tmdbId: 1598 })).toMatchObject({
      movieId: ids.capeFear91,
      method: "external-id",
    });
    expect(await matcher.match("OPP (OV)")).toMatchObject({ movieId: ids.oppenheimer, method: "alias" });
    expect((await matcher.match("Het smelt")).movieId).toBe(ids.hidden);
    const merged = await matcher.match("Perfect Dayz");
    expect(merged.candidates.map((c) => c.movieId)).not.toContain(ids.merged);
    expect(merged.candidates[0]?.movieId).toBe(ids.survivor);
    // an id the feed gives that differs from the title's movie's: a different film
    expect((await matcher.match("Perfect Days", { wikidataId: "Q1" })).movieId).toBeNull();
  });

  it("never links what is not a film", async () => {
    const matcher = createMovieMatcher(database().db);
    for (const title of [
      "Sneak Preview",
      "SNEAK PREVIEW (OV)",
      "Filmquiz",
      "Kinderfeestje: Inside Out 2",
      "Besloten voorstelling",
    ]) {
      expect((await matcher.match(title)).movieId, title).toBeNull();
    }
    expect((await matcher.match("Sneak Preview")).candidates).toEqual([]);
  });

  it("asks the database once per distinct title and hints", async () => {
    const matcher = createMovieMatcher(database().db);
    const first = matcher.match("Dune - Part Two (OV)");
    expect(matcher.match("dune part two 3D")).toBe(first);
    expect(matcher.match("Dune - Part Two (OV)", { year: 2024 })).not.toBe(first);
    expect((await first).movieId).toBe(ids.dune2);
  });
});

describe("recordMissingLink", () => {
  const database = useTestDatabase();

  it("counts a title again, refreshes its candidates, and leaves a resolved one resolved", async () => {
    const { db } = database();
    const [source] = await db
      .insert(sources)
      .values({ name: "Test feed", format: "reeltime-json", location: "https://example.test/feed.json" })
      .returning({ id: sources.id });
    const base = { sourceId: source!.id, normalizedTitle: "unknown film", hints: { year: 2024 } };
    const first = await recordMissingLink(db, { ...base, rawTitle: "Unknown Film (OV)", candidates: [] });
    expect(first).toMatchObject({ created: true, occurrences: 1, resolution: null });
    const candidate = { movieId: first.id, title: "Unknown", year: 2024, score: 0.5 };
    const later = new Date(Date.now() + 60_000);
    const second = await recordMissingLink(db, {
      ...base,
      rawTitle: "Unknown Film 3D",
      candidates: [candidate],
      now: later,
    });
    expect(second).toMatchObject({ id: first.id, created: false, occurrences: 2, resolution: null });
    const [row] = await db.select().from(missingLinks).where(eq(missingLinks.id, first.id));
    expect(row).toMatchObject({ rawTitle: "Unknown Film 3D", candidates: [candidate], occurrences: 2 });
    expect(row!.lastSeenAt.getTime()).toBe(later.getTime());
    expect(row!.firstSeenAt.getTime()).toBeLessThan(later.getTime());

    await db.update(missingLinks).set({ resolution: "ignored" }).where(eq(missingLinks.id, first.id));
    const third = await recordMissingLink(db, { ...base, rawTitle: "Unknown Film", candidates: [] });
    expect(third).toMatchObject({ id: first.id, occurrences: 3, resolution: "ignored" });
  });
});

describe("title similarity", () => {
  it("agrees on numbering and articles, and scores like pg_trgm", () => {
    expect(canonicalTitle("dune part two")).toBe("dune 2");
    expect(compactTitle("the spider man across the spider verse")).toBe(
      compactTitle("spiderman across the spiderverse"),
    );
    expect(canonicalTitle("frozen ii")).toBe("frozen 2");
    expect(canonicalTitle("x")).toBe("x");
    expect(trigramSimilarity("word", "word")).toBe(1);
    expect(trigramSimilarity("cat", "dog")).toBe(0);
    expect(trigramSimilarity("the visitor", "the visitors")).toBeCloseTo(11 / 14, 5);
  });
});
