// An import run met a title it could not link: the missing link for (source, normalized title) is
// created, or seen once more — occurrences + 1, last seen now, the latest raw title, hints and
// candidates. Its resolution is never touched, so a title an operator ignored or linked stays settled.
// Part of an import run (the run itself is what is recorded), so no audit entry of its own.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { MatchCandidate, MatchHints } from "../../db/schema/ingest.ts";
import { queryRows } from "../shared/db-rows.ts";

export type MissingLinkInput = {
  sourceId: string;
  rawTitle: string;
  normalizedTitle: string;
  hints: MatchHints;
  candidates: MatchCandidate[];
  now?: Date;
};

export type RecordedMissingLink = {
  id: string;
  created: boolean;
  occurrences: number;
  resolution: "linked" | "new-movie" | "ignored" | null;
};

export async function recordMissingLink(db: Database, input: MissingLinkInput): Promise<RecordedMissingLink> {
  const now = input.now ?? new Date();
  const [row] = await queryRows<{
    id: string;
    created: boolean;
    occurrences: number;
    resolution: RecordedMissingLink["resolution"];
  }>(
    db,
    sql`insert into missing_links
          (source_id, raw_title, normalized_title, hints, candidates, occurrences, first_seen_at, last_seen_at)
        values (${input.sourceId}::uuid, ${input.rawTitle}, ${input.normalizedTitle},
                ${JSON.stringify(input.hints)}::jsonb, ${JSON.stringify(input.candidates)}::jsonb, 1, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (source_id, normalized_title) do update set
          occurrences = missing_links.occurrences + 1,
          last_seen_at = greatest(missing_links.last_seen_at, excluded.last_seen_at),
          raw_title = excluded.raw_title,
          hints = excluded.hints,
          candidates = excluded.candidates,
          updated_at = now()
        returning id, (xmax = 0) as created, occurrences, resolution::text as resolution`,
  );
  return row!;
}
