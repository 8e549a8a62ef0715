// "Find a cinema": what a visitor typed, as the open cinemas of enabled countries it may name, typos
// forgiven (fuzzy-match.ts decides; the database gathers candidates by trigrams). Among names that
// match as well (exactly, by their start…), the visitor's city comes first.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { likePattern } from "../../shared/input.ts";
import {
  compareMatches,
  MATCH_QUALITIES,
  matchName,
  normalizeName,
  type MatchQuality,
} from "./fuzzy-match.ts";

export type CinemaMatch = { slug: string; name: string; city: string; quality: MatchQuality };

const CANDIDATE_SIMILARITY = 0.15;
const MAX_CINEMAS = 5;
const MAX_TEXT = 200;

export async function findCinemas(
  { db }: { db: Database },
  text: string,
  options: { city?: string; limit?: number } = {},
): Promise<CinemaMatch[]> {
  const typed = normalizeName(text);
  if (!typed || text.length > MAX_TEXT) return [];
  const rows = await queryRows<{ slug: string; name: string; city: string }>(
    db,
    sql`
      select c.slug, c.name, c.city
      from cinemas c
      join countries co on co.code = c.country_code and co.enabled
      where c.status = 'open'
        and (lower(c.name) like ${likePattern(typed)}
          or greatest(similarity(lower(c.name), ${typed}), word_similarity(${typed}, lower(c.name))) >= ${CANDIDATE_SIMILARITY})
      order by greatest(similarity(lower(c.name), ${typed}), word_similarity(${typed}, lower(c.name))) desc
      limit 200
    `,
  );
  const here = options.city?.trim().toLowerCase();
  return rows
    .flatMap((row) => {
      const match = matchName(typed, normalizeName(row.name));
      return match ? [{ row, match }] : [];
    })
    .sort(
      (a, b) =>
        MATCH_QUALITIES.indexOf(a.match.quality) - MATCH_QUALITIES.indexOf(b.match.quality) ||
        Number(b.row.city.toLowerCase() === here) - Number(a.row.city.toLowerCase() === here) ||
        compareMatches(a.match, b.match) ||
        a.row.name.localeCompare(b.row.name),
    )
    .slice(0, options.limit ?? MAX_CINEMAS)
    .map(({ row, match }) => ({ slug: row.slug, name: row.name, city: row.city, quality: match.quality }));
}
