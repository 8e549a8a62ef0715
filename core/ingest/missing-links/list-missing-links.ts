// /studio/missing-links: the open queue (feed titles no import could link, best candidates first) or the
// resolved ones (linked, new movie, ignored: by whom and when), searched by title, filtered by source,
// sorted and paged. Each row counts the showtimes still waiting for its title: the distinct unlinked feed
// titles are normalized here, as linking does, so the count is what linking would change. Super admins.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { users } from "../../../db/schema/auth.ts";
import { movies } from "../../../db/schema/catalog.ts";
import { missingLinks, sources, type MatchCandidate, type MatchHints } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { profiles } from "../../../db/schema/tenancy.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { normalizeFeedTitle } from "../../catalog/movies/normalize-feed-title.ts";
import { idSchema } from "../../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { MISSING_LINK_SORTS, MISSING_LINK_VIEWS } from "./missing-link-schemas.ts";
import type { AppServices } from "../../services.ts";

const inputSchema = z.object({
  view: z.enum(MISSING_LINK_VIEWS, { error: "validation.choiceInvalid" }).default("open"),
  search: searchSchema,
  sourceId: idSchema.optional(),
  sort: z.enum(MISSING_LINK_SORTS, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type MissingLinkRow = {
  id: string;
  rawTitle: string;
  normalizedTitle: string;
  sourceId: string | null;
  sourceName: string | null;
  hints: MatchHints;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  candidates: MatchCandidate[];
  /** unlinked showtimes whose feed title normalizes to this one (any source) */
  waitingShowtimes: number;
  resolution: "linked" | "new-movie" | "ignored" | null;
  resolvedMovie: { id: string; title: string; year: number | null } | null;
  resolvedByName: string | null;
  resolvedAt: Date | null;
};

export type MissingLinkPage = Page<MissingLinkRow> & {
  sort: (typeof MISSING_LINK_SORTS)[number];
  /** the sources that have missing links, for the filter */
  sources: { value: string; label: string }[];
};

export async function listMissingLinks(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<MissingLinkPage> {
  requireSuperAdmin(actor);
  const parsed = parseInput(inputSchema, input);
  const { view, search, sourceId, page, pageSize } = parsed;
  const sort = parsed.sort ?? (view === "open" ? "-occurrences" : "-resolved");
  const conditions: SQL[] = [
    view === "open" ? isNull(missingLinks.resolution) : isNotNull(missingLinks.resolution),
  ];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(missingLinks.rawTitle, pattern),
        ilike(missingLinks.normalizedTitle, likePattern(normalizeFeedTitle(search) || search)),
      )!,
    );
  }
  if (sourceId) conditions.push(eq(missingLinks.sourceId, sourceId));
  const where = and(...conditions);
  const direction = sort.startsWith("-") ? desc : asc;
  const key = sort.replace(/^-/, "");
  const primary =
    key === "occurrences"
      ? missingLinks.occurrences
      : key === "lastSeen"
        ? missingLinks.lastSeenAt
        : key === "resolved"
          ? missingLinks.resolvedAt
          : missingLinks.normalizedTitle;
  const resolver = alias(users, "resolver");

  const [rows, [total], sourceChoices] = await Promise.all([
    db
      .select({
        id: missingLinks.id,
        rawTitle: missingLinks.rawTitle,
        normalizedTitle: missingLinks.normalizedTitle,
        sourceId: missingLinks.sourceId,
        sourceName: sources.name,
        hints: missingLinks.hints,
        occurrences: missingLinks.occurrences,
        firstSeenAt: missingLinks.firstSeenAt,
        lastSeenAt: missingLinks.lastSeenAt,
        candidates: missingLinks.candidates,
        resolution: missingLinks.resolution,
        movieId: movies.id,
        movieTitle: movies.title,
        movieYear: movies.year,
        resolvedByName: sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), ${resolver.name})`,
        resolvedAt: missingLinks.resolvedAt,
      })
      .from(missingLinks)
      .leftJoin(sources, eq(sources.id, missingLinks.sourceId))
      .leftJoin(movies, eq(movies.id, missingLinks.resolvedMovieId))
      .leftJoin(profiles, eq(profiles.id, missingLinks.resolvedBy))
      .leftJoin(resolver, eq(resolver.id, profiles.userId))
      .where(where)
      .orderBy(direction(primary), direction(missingLinks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(missingLinks).where(where),
    db
      .selectDistinct({ value: sources.id, label: sources.name })
      .from(sources)
      .innerJoin(missingLinks, eq(missingLinks.sourceId, sources.id))
      .orderBy(asc(sources.name), asc(sources.id)),
  ]);

  const waiting = new Map<string, number>();
  if (rows.length > 0) {
    const wanted = new Set(rows.map((row) => row.normalizedTitle));
    const titles = await db
      .select({ feedTitle: showtimes.feedTitle, n: count() })
      .from(showtimes)
      .where(isNull(showtimes.movieId))
      .groupBy(showtimes.feedTitle);
    for (const { feedTitle, n } of titles) {
      const normalized = normalizeFeedTitle(feedTitle);
      if (wanted.has(normalized)) waiting.set(normalized, (waiting.get(normalized) ?? 0) + n);
    }
  }

  return {
    rows: rows.map(({ movieId, movieTitle, movieYear, ...row }) => ({
      ...row,
      waitingShowtimes: waiting.get(row.normalizedTitle) ?? 0,
      resolvedMovie: movieId && movieTitle ? { id: movieId, title: movieTitle, year: movieYear } : null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
    sort,
    sources: sourceChoices,
  };
}
