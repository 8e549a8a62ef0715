// Finds the catalogue movie a feed title means (PRODUCT.md §6): external ids first, then aliases, then
// the normalized title — exact, canonical ("Part Two" = "2") or by trigram similarity — weighed with the
// feed's year / runtime / language hints. Only a confident match links: thresholds favour precision, and
// anything else comes back with ranked candidates for a missing link. The feed's year (or the year of
// its release date) and runtime count against a film as well as for it (`contradicts`, `yearAllows`).
// One SQL round trip per distinct title and hints, a second (accent-blind) only when the first found
// nothing certain; memoized for the matcher's life (an import run creates one). Merged movies answer as
// their survivor; hidden movies still match.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { MatchCandidate, MatchHints } from "../../db/schema/ingest.ts";
import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";
import { queryRows } from "../shared/db-rows.ts";
import { canonicalTitle, compactTitle, titleNumbers, trigramSimilarity } from "./title-similarity.ts";

export type MatchMethod = "external-id" | "alias" | "title";
export type MatchResult = {
  movieId: string | null;
  method: MatchMethod | null;
  /** best first, up to 5 */
  candidates: MatchCandidate[];
};
export type MovieMatcher = { match(title: string, hints?: MatchHints): Promise<MatchResult> };

const MAX_CANDIDATES = 5;
/** rows each trigram search may return; the best of them are ranked in JavaScript */
const SEARCH_LIMIT = 40;
/** a fuzzy title links alone above this similarity, or with an agreeing year above FUZZY_WITH_YEAR */
const FUZZY_ALONE = 0.86;
const FUZZY_WITH_YEAR = 0.72;
/** the runner-up must trail a fuzzy winner by this much */
const FUZZY_MARGIN = 0.12;
const YEAR_TOLERANCE = 1;
const RUNTIME_TOLERANCE = 12;

/** Screenings that are not a film: whatever else the title says, they never link by themselves. */
const NOT_A_FILM =
  /\b(?:quiz|filmquiz|pubquiz|kinderfeest|kinderfeestje|verjaardagsfeest|besloten voorstelling|besloten|private event|zaalverhuur|workshop|bingo|karaoke|gesloten|closed)\b/;

type Hit = {
  source: "external-id" | "alias" | "title" | "subtitle";
  name: string;
  id: string;
  title: string;
  year: number | null;
  runtime_minutes: number | null;
  original_language: string | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  wikidata_id: string | null;
};

type Scored = {
  id: string;
  title: string;
  year: number | null;
  runtime: number | null;
  language: string | null;
  ids: { imdb: string | null; tmdb: number | null; wikidata: string | null };
  externalId: boolean;
  alias: boolean;
  /** normalized or canonical title equal to the feed's */
  exact: boolean;
  nameScore: number;
  numbersAgree: boolean;
  score: number;
};

/** The year of a feed's release date ("2025-04-10"), when it gives one and no year. */
function yearOfDate(date: string | undefined): number | undefined {
  const found = /^((?:18|19|20|21)\d{2})-\d{2}-\d{2}$/.exec(date ?? "");
  return found ? Number(found[1]) : undefined;
}

/** "(1977)" or "[1977]" in the raw title: a year hint when the feed gave none. */
function yearInTitle(title: string): number | undefined {
  const found = /[([]((?:18|19|20)\d{2})[)\]]/.exec(title);
  return found ? Number(found[1]) : undefined;
}

/** "Filmhuis Classics: Stalker" → "stalker": what follows a colon, searched too but weighed less (alone it links only with an agreeing year). */
function subtitleOf(title: string): string {
  const at = title.indexOf(":");
  if (at < 0) return "";
  const rest = normalizeFeedTitle(title.slice(at + 1));
  return rest.length >= 3 ? rest : "";
}

// Accented letters and their plain ones, for the accent-blind search: pg_trgm sees "á" as a letter of its
// own, so "tar" barely resembles "Tár" until both are folded.
const ACCENTED = "àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśşšťùúûüūůűųýÿźżž";
const UNDECOMPOSED: Record<string, string> = { đ: "d", ı: "i", ł: "l", ø: "o" };
const PLAIN = [...ACCENTED]
  .map((c) => UNDECOMPOSED[c] ?? c.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
  .join("");
const fold = (column: SQL) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

function hitsQuery(normalized: string, subtitle: string, hints: MatchHints): SQL {
  const byId: SQL[] = [];
  if (hints.imdbId) byId.push(sql`m.imdb_id = ${hints.imdbId}`);
  if (hints.tmdbId) byId.push(sql`m.tmdb_id = ${hints.tmdbId}`);
  if (hints.wikidataId) byId.push(sql`m.wikidata_id = ${hints.wikidataId}`);
  const idBranch =
    byId.length > 0
      ? sql`select 'external-id', m.title, m.id from movies m where ${sql.join(byId, sql` or `)} union all`
      : sql``;
  // Each branch: the names within pg_trgm's similarity threshold (0.3) of the title (or of what follows
  // its colon), best first; GIN trigram indexes serve movies.title, movie_titles and movie_aliases.
  const variants = [{ text: normalized, subtitle: false }];
  if (subtitle && subtitle !== normalized) variants.push({ text: subtitle, subtitle: true });
  const branches = variants.flatMap((variant) => {
    // fixed words, never input: safe as literals (a parameter in a select list has no type)
    const label = (source: "title" | "alias") => sql.raw(`'${variant.subtitle ? "subtitle" : source}'`);
    const search = (source: "title" | "alias", name: SQL, movieId: SQL, from: SQL) =>
      sql`(select ${label(source)}, ${name}, ${movieId} from ${from}
           where ${name} % ${variant.text}
           order by similarity(${name}, ${variant.text}) desc limit ${SEARCH_LIMIT})`;
    return [
      search("title", sql`m.title`, sql`m.id`, sql`movies m`),
      search("title", sql`m.original_title`, sql`m.id`, sql`movies m`),
      search("title", sql`t.title`, sql`t.movie_id`, sql`movie_titles t`),
      search("alias", sql`a.normalized_title`, sql`a.movie_id`, sql`movie_aliases a`),
    ];
  });
  return sql`
    with hits(source, name, movie_id) as (
      ${idBranch}
      ${sql.join(branches, sql` union all `)}
    )
    ${candidatesFrom()}`;
}

/**
 * The second round trip, when the first found nothing certain: titles with letters outside ASCII,
 * folded to plain letters and compared again. No index serves it; the non-ASCII test keeps it to the
 * few titles that have accents.
 */
function foldedQuery(normalized: string): SQL {
  const search = (name: SQL, movieId: SQL, from: SQL) =>
    sql`(select 'title', ${name}, ${movieId} from ${from}
         where ${name} ~ '[^ -~]' and ${fold(name)} % ${normalized}
         order by similarity(${fold(name)}, ${normalized}) desc limit ${SEARCH_LIMIT})`;
  return sql`
    with hits(source, name, movie_id) as (
      ${search(sql`m.title`, sql`m.id`, sql`movies m`)}
      union all ${search(sql`m.original_title`, sql`m.id`, sql`movies m`)}
      union all ${search(sql`t.title`, sql`t.movie_id`, sql`movie_titles t`)}
    )
    ${candidatesFrom()}`;
}

/** The movies behind the hits, a merged one replaced by its survivor; no year: the first release date's. */
function candidatesFrom(): SQL {
  return sql`
    select h.source, h.name, s.id, s.title,
           coalesce(s.year, (select min(left(d.value, 4))::int from jsonb_each_text(s.release_dates) d
                             where d.value ~ '^[0-9]{4}-')) as year,
           s.runtime_minutes, s.original_language,
           s.imdb_id, s.tmdb_id, s.wikidata_id
    from hits h
    join movies m on m.id = h.movie_id
    join movies s on s.id = case when m.status = 'merged' then m.merged_into_id else m.id end
    where s.status <> 'merged'`;
}

function yearAgrees(hint: number | undefined, year: number | null): boolean | null {
  if (hint === undefined || year === null) return null;
  return Math.abs(hint - year) <= YEAR_TOLERANCE;
}

function runtimeAgrees(hint: number | undefined, runtime: number | null): boolean | null {
  if (hint === undefined || runtime === null) return null;
  return Math.abs(hint - runtime) <= RUNTIME_TOLERANCE;
}

/** An external id the feed gives and the movie has, but different: not the same film. */
function idsContradict(hints: MatchHints, m: Scored): boolean {
  return (
    (hints.imdbId !== undefined && m.ids.imdb !== null && m.ids.imdb !== hints.imdbId) ||
    (hints.tmdbId !== undefined && m.ids.tmdb !== null && m.ids.tmdb !== hints.tmdbId) ||
    (hints.wikidataId !== undefined && m.ids.wikidata !== null && m.ids.wikidata !== hints.wikidataId)
  );
}

/**
 * Whether the feed's year lets a title link to this film. New releases are most of what feeds carry, and
 * many share their title with an older film ("Drop" 2025 and "The Drop" 2014): a film more than
 * YEAR_TOLERANCE years from the feed's year never links by its title, and a film whose year the catalogue
 * does not know links only when the runtimes agree (a catalogue film without a year is seldom this
 * week's release). Either way it stays a candidate for the missing link. External ids are not held to
 * this: an id names the film, and a feed's year may be a re-release's.
 */
function yearAllows(hints: MatchHints, m: Scored): boolean {
  if (hints.year === undefined) return true;
  if (m.year === null) return runtimeAgrees(hints.runtimeMinutes, m.runtime) === true;
  return yearAgrees(hints.year, m.year) === true;
}

/** Evidence against the film: a year or runtime out of tolerance, or another external id. */
function contradicts(hints: MatchHints, m: Scored): boolean {
  return (
    yearAgrees(hints.year, m.year) === false ||
    runtimeAgrees(hints.runtimeMinutes, m.runtime) === false ||
    idsContradict(hints, m)
  );
}

/** What may link by its title: nothing speaks against it and the feed's year allows it. */
function titleMayLink(hints: MatchHints, m: Scored): boolean {
  return !contradicts(hints, m) && yearAllows(hints, m);
}

function score(hits: Hit[], normalized: string, hints: MatchHints): Scored[] {
  const canonical = canonicalTitle(normalized);
  const compact = compactTitle(normalized);
  const numbers = titleNumbers(canonical);
  const movies = new Map<string, Scored>();
  for (const hit of hits) {
    let m = movies.get(hit.id);
    if (!m) {
      m = {
        id: hit.id,
        title: hit.title,
        year: hit.year,
        runtime: hit.runtime_minutes,
        language: hit.original_language,
        ids: { imdb: hit.imdb_id, tmdb: hit.tmdb_id, wikidata: hit.wikidata_id },
        externalId: false,
        alias: false,
        exact: false,
        nameScore: 0,
        numbersAgree: false,
        score: 0,
      };
      movies.set(hit.id, m);
    }
    if (hit.source === "external-id") {
      m.externalId = true;
      continue;
    }
    const name = normalizeFeedTitle(hit.name);
    const nameCanonical = canonicalTitle(name);
    const exact = hit.source !== "subtitle" && (name === normalized || compactTitle(name) === compact);
    if (exact && hit.source === "alias" && name === normalized) m.alias = true;
    m.exact ||= exact;
    const similarity = exact ? 1 : trigramSimilarity(canonical, nameCanonical);
    const weighted = hit.source === "subtitle" ? 0.8 * similarity : similarity;
    if (weighted >= m.nameScore) {
      m.nameScore = weighted;
      m.numbersAgree = titleNumbers(nameCanonical) === numbers;
    }
  }
  for (const m of movies.values()) {
    let s = m.externalId ? 1 : m.nameScore;
    const year = yearAgrees(hints.year, m.year);
    if (year === true) s += hints.year === m.year ? 0.08 : 0.04;
    if (year === false) s -= 0.25;
    const runtime = runtimeAgrees(hints.runtimeMinutes, m.runtime);
    if (runtime === true) s += 0.04;
    if (runtime === false) s -= 0.1;
    if (hints.language && m.language === hints.language.toLowerCase()) s += 0.02;
    if (!m.numbersAgree && !m.externalId) s -= 0.1;
    if (idsContradict(hints, m)) s -= 0.3;
    m.score = Math.max(0, Math.min(1, s));
  }
  // Equal scores: the more recent film first (cinemas mostly show new films).
  return [...movies.values()].sort(
    (a, b) => b.score - a.score || (b.year ?? 0) - (a.year ?? 0) || a.title.localeCompare(b.title),
  );
}

/** The movie to link, if one is certain enough. */
type Decision = { movie: Scored; method: MatchMethod } | null;

/** The one movie the feed's external ids name (two ids naming two movies: none). */
function decideById(ranked: Scored[]): Decision {
  const byId = ranked.filter((m) => m.externalId);
  return byId.length === 1 ? { movie: byId[0]!, method: "external-id" } : null;
}

function decide(ranked: Scored[], hints: MatchHints): Decision {
  const byId = decideById(ranked);
  if (byId) return byId;
  const aliased = ranked.filter((m) => m.alias);
  if (aliased.length === 1 && !contradicts(hints, aliased[0]!))
    return { movie: aliased[0]!, method: "alias" };

  const exact = ranked.filter((m) => m.exact);
  if (exact.length > 0) {
    // Remakes share a title: only the hints can tell them apart, and all but one must disagree.
    const possible = exact.filter((m) => !contradicts(hints, m));
    return possible.length === 1 && yearAllows(hints, possible[0]!)
      ? { movie: possible[0]!, method: "title" }
      : null;
  }

  const [best, second] = ranked.filter((m) => !m.externalId);
  if (!best || !best.numbersAgree || !titleMayLink(hints, best)) return null;
  if (second && second.nameScore > best.nameScore - FUZZY_MARGIN) return null;
  const yearConfirms = yearAgrees(hints.year, best.year) === true;
  if (best.nameScore >= FUZZY_ALONE || (yearConfirms && best.nameScore >= FUZZY_WITH_YEAR))
    return { movie: best, method: "title" };
  return null;
}

function candidate(m: Scored): MatchCandidate {
  return { movieId: m.id, title: m.title, year: m.year, score: Math.round(m.score * 1000) / 1000 };
}

export function createMovieMatcher(db: Database): MovieMatcher {
  const memo = new Map<string, Promise<MatchResult>>();

  async function run(title: string, normalized: string, hints: MatchHints): Promise<MatchResult> {
    const hasId = Boolean(hints.imdbId || hints.tmdbId || hints.wikidataId);
    if (!normalized && !hasId) return { movieId: null, method: null, candidates: [] };
    const hits = await queryRows<Hit>(db, hitsQuery(normalized, subtitleOf(title), hints));
    let ranked = score(hits, normalized, hints);
    const certain = (m: Scored) => (m.exact || m.nameScore >= FUZZY_ALONE) && titleMayLink(hints, m);
    if (normalized && !ranked.some(certain)) {
      hits.push(...(await queryRows<Hit>(db, foldedQuery(normalized))));
      ranked = score(hits, normalized, hints);
    }
    // An event that is not a film links only when the feed names the film by its id.
    const titleSays = Boolean(normalized) && !NOT_A_FILM.test(normalized);
    return finish(ranked, titleSays ? decide(ranked, hints) : decideById(ranked));
  }

  function finish(ranked: Scored[], decision: Decision): MatchResult {
    const ordered = decision ? [decision.movie, ...ranked.filter((m) => m !== decision.movie)] : ranked;
    return {
      movieId: decision?.movie.id ?? null,
      method: decision?.method ?? null,
      candidates: ordered.slice(0, MAX_CANDIDATES).map(candidate),
    };
  }

  return {
    match(title, hints = {}) {
      const effective: MatchHints = { ...hints };
      if (effective.year === undefined) {
        const year = yearOfDate(hints.releaseDate) ?? yearInTitle(title);
        if (year !== undefined) effective.year = year;
      }
      // the date only gives the year here; the missing link keeps the feed's own hints
      delete effective.releaseDate;
      const normalized = normalizeFeedTitle(title);
      const key = JSON.stringify([normalized, subtitleOf(title), Object.entries(effective).sort()]);
      let result = memo.get(key);
      if (!result) {
        result = run(title, normalized, effective);
        memo.set(key, result);
        // A failed query is not remembered: the next call tries again.
        result.catch(() => memo.delete(key));
      }
      return result;
    },
  };
}
