// An import run's settle step (core/ingest/run-import.ts): each feed row's cinema, local time and
// attribute codes, once per (source, ref); a row that cannot be settled is a problem and is skipped.
import type { Database } from "../../db/client.ts";
import type { ImportProblem, sources } from "../../db/schema/ingest.ts";
import type { FeedShowtime } from "./feed.ts";
import { loadAttributeCodes, normalizeFeedRow, type UnmappedValues } from "./normalize-feed-row.ts";
import { cinemaResolver } from "./resolve-cinemas.ts";
import type { ShowtimeWrite } from "./upsert-feed-showtimes.ts";

type Source = typeof sources.$inferSelect;

/** A row settled: what it will write, but for its movie (core/ingest/link-feed-movies.ts). */
export type Settled = { row: FeedShowtime; write: Omit<ShowtimeWrite, "movie_id"> };

/** Later rows with a ref already seen are skipped: one showtime per (source, ref) per run. */
function duplicateRefFilter(problems: ImportProblem[]): (rows: FeedShowtime[]) => FeedShowtime[] {
  const seen = new Map<string, string>();
  return (rows) =>
    rows.filter((row) => {
      const first = seen.get(row.ref);
      if (first === undefined) return (seen.set(row.ref, row.where), true);
      problems.push({
        where: row.where,
        field: "id",
        message: "ingest.problem.duplicateRef",
        values: { ref: row.ref.slice(0, 80), first },
      });
      return false;
    });
}

/** Settles each row's cinema, local time and attribute codes; a row that cannot be settled is a problem. */
export async function rowSettler(
  db: Database,
  source: Source,
  problems: ImportProblem[],
  unmapped: UnmappedValues,
): Promise<(rows: FeedShowtime[]) => Settled[]> {
  const resolveCinema = await cinemaResolver(db, source);
  const attributeCodes = await loadAttributeCodes(db);
  const withoutDuplicates = duplicateRefFilter(problems);
  return (rows) => {
    const settled: Settled[] = [];
    for (const row of withoutDuplicates(rows)) {
      const cinema = resolveCinema(row);
      const result = "message" in cinema ? cinema : normalizeFeedRow(row, cinema, attributeCodes, unmapped);
      if ("message" in result) problems.push(result);
      else settled.push({ row, write: result });
    }
    return settled;
  };
}
