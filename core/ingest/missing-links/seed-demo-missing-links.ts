// Missing links for a new demo database, so the studio's queue has something to resolve: a demo feed
// (disabled: it has no real address), a few unmatched titles as feeds write them, some with scored
// candidates from the demo catalogue, and their unlinked showtimes at one Dutch cinema in the coming days.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { cinemas, movies } from "../../../db/schema/catalog.ts";
import { missingLinks, sources, type MatchHints } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { normalizeFeedTitle } from "../../catalog/movies/normalize-feed-title.ts";

export const DEMO_FEED_NAME = "Demo feed (Filmhuis)";

type DemoTitle = {
  rawTitle: string;
  hints: MatchHints;
  occurrences: number;
  /** candidate movies by slug, with their score */
  candidates: [slug: string, score: number][];
  /** the feed titles of its waiting showtimes (variants normalize to the same title) */
  showtimes: string[];
};

export const DEMO_MISSING_TITLES: readonly DemoTitle[] = [
  {
    rawTitle: "Anatomie d'une chute (OV)",
    hints: { year: 2023, language: "fr" },
    occurrences: 12,
    candidates: [
      ["anatomy-of-a-fall", 0.74],
      ["afire", 0.21],
    ],
    showtimes: ["Anatomie d'une chute (OV)", "ANATOMIE D'UNE CHUTE"],
  },
  {
    rawTitle: "Sneak Preview: De Stille Kust",
    hints: { year: 2026, runtimeMinutes: 98, language: "nl" },
    occurrences: 4,
    candidates: [],
    showtimes: ["Sneak Preview: De Stille Kust"],
  },
  {
    rawTitle: "Filmquiz met borrel",
    hints: {},
    occurrences: 3,
    candidates: [],
    showtimes: ["Filmquiz met borrel"],
  },
  {
    rawTitle: "Alien Romulus IMAX",
    hints: { year: 2024, runtimeMinutes: 119 },
    occurrences: 9,
    candidates: [["alien-romulus", 0.81]],
    showtimes: ["Alien Romulus IMAX", "Alien Romulus IMAX"],
  },
  {
    rawTitle: "A Real Pain - NL ondertiteld",
    hints: { year: 2024, imdbId: "tt21823606" },
    occurrences: 6,
    candidates: [
      ["a-real-pain", 0.66],
      ["a-different-man", 0.3],
    ],
    showtimes: ["A Real Pain - NL ondertiteld"],
  },
  {
    rawTitle: "Kinderfilmochtend",
    hints: {},
    occurrences: 2,
    candidates: [],
    showtimes: [],
  },
];

const DAY_MS = 86_400_000;

export async function seedDemoMissingLinks(db: Database, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // A Dutch cinema other specs leave alone (the showtimes spec adds its own at Kijkhuis).
    const [cinema] = await tx
      .select({ id: cinemas.id, countryCode: cinemas.countryCode })
      .from(cinemas)
      .where(and(eq(cinemas.countryCode, "NL"), ne(cinemas.name, "Kijkhuis")))
      .orderBy(asc(cinemas.slug))
      .limit(1);
    if (!cinema) return { missingLinks: 0, showtimes: 0 };
    const [source] = await tx
      .insert(sources)
      .values({
        name: DEMO_FEED_NAME,
        format: "reeltime-json",
        location: "https://feeds.example.invalid/filmhuis.json",
        cinemaId: cinema.id,
        enabled: false,
      })
      .returning({ id: sources.id });
    const slugs = DEMO_MISSING_TITLES.flatMap((t) => t.candidates.map(([slug]) => slug));
    const found = await tx
      .select({ id: movies.id, slug: movies.slug, title: movies.title, year: movies.year })
      .from(movies)
      .where(inArray(movies.slug, slugs));
    const bySlug = new Map(found.map((m) => [m.slug, m]));

    let count = 0;
    for (const [index, title] of DEMO_MISSING_TITLES.entries()) {
      await tx.insert(missingLinks).values({
        sourceId: source!.id,
        rawTitle: title.rawTitle,
        normalizedTitle: normalizeFeedTitle(title.rawTitle),
        hints: title.hints,
        occurrences: title.occurrences,
        firstSeenAt: new Date(now.getTime() - (10 + index) * DAY_MS),
        lastSeenAt: new Date(now.getTime() - index * 3_600_000),
        candidates: title.candidates.flatMap(([slug, score]) => {
          const movie = bySlug.get(slug);
          return movie ? [{ movieId: movie.id, title: movie.title, year: movie.year, score }] : [];
        }),
      });
      for (const [n, feedTitle] of title.showtimes.entries()) {
        // 21:55 UTC on the next days: late evening in the Netherlands, inside the studio's default week.
        const day = new Date(now.getTime() + (1 + n) * DAY_MS);
        day.setUTCHours(21, 55 - index, 0, 0);
        await tx.insert(showtimes).values({
          cinemaId: cinema.id,
          countryCode: cinema.countryCode,
          feedTitle,
          startsAt: day,
          sourceId: source!.id,
          sourceRef: `demo-${index}-${n}`,
        });
        count += 1;
      }
    }
    return { missingLinks: DEMO_MISSING_TITLES.length, showtimes: count };
  });
}
