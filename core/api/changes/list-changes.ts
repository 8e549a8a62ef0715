// GET /api/v1/changes?since=: the feed of created, changed and cancelled showtimes in the caller's
// countries, in the order they changed (updated_at, then id). `since` is the `next_cursor` of an earlier
// page or an ISO 8601 date-time; the answer always carries a cursor to continue from, also when it is
// empty, so a client polls with the last cursor it got.
//
// Rows changed in the last few seconds are held back (SETTLE_MS): a writer's transaction that stamps
// updated_at and commits a moment later must not be skipped by a reader that already moved past it.
// Writers (imports, edits) must set updated_at when they change a showtime.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { type ApiScope, queryCountries } from "../country-scope.ts";
import { decodeCursor, encodeCursor, filterFingerprint } from "../cursor.ts";
import type { ApiLocale } from "../movies/movie-row.ts";
import { pageSize } from "../api-page.ts";
import { countryArray, epochMicros, fromEpochMicros } from "../../shared/sql-values.ts";
import {
  type ApiShowtime,
  type ShowtimeRow,
  showtimeColumns,
  showtimeJoins,
  toApiShowtime,
} from "../showtimes/showtime-row.ts";

export const SETTLE_MS = 5_000;

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export type ChangeKind = "created" | "changed" | "cancelled";

export type ApiChange = {
  change: ChangeKind;
  /** when the showtime last changed (its updated_at), in the cinema's zone */
  changed_at: string;
  showtime: ApiShowtime;
};

export type ChangesPage = {
  data: ApiChange[];
  pagination: {
    /** never null: the position to continue from (poll it again later) */
    next_cursor: string;
    /** true when more changes are ready now */
    has_more: boolean;
  };
};

export type ListChangesInput = {
  since: { kind: "cursor"; cursor: string } | { kind: "time"; at: Date };
  country?: string;
  locale?: ApiLocale;
  limit?: number;
};

type Row = ShowtimeRow & { sort_micros: number | string };

function changeOf(row: ShowtimeRow): ChangeKind {
  if (row.status === "cancelled") return "cancelled";
  const created = new Date(row.created_at).getTime();
  const updated = new Date(row.updated_at).getTime();
  return created === updated ? "created" : "changed";
}

export async function listChanges(
  services: { db: Database; now: () => Date; baseUrl: string },
  scope: ApiScope,
  input: ListChangesInput,
): Promise<ChangesPage> {
  const countries = queryCountries(scope, input.country);
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({ country: input.country?.toUpperCase() });
  let position: [number, string];
  let inclusive: boolean;
  if (input.since.kind === "cursor") {
    const [micros, id] = decodeCursor(
      input.since.cursor,
      "listChanges",
      fingerprint,
      ["integer", "uuid"],
      "since",
    );
    position = [Number(micros), String(id)];
    inclusive = false;
  } else {
    position = [input.since.at.getTime() * 1000, NIL_UUID];
    inclusive = true;
  }
  const cutoff = new Date(services.now().getTime() - SETTLE_MS).toISOString();
  const after = inclusive
    ? sql`s.updated_at >= ${fromEpochMicros(position[0])}`
    : sql`(s.updated_at, s.id) > (${fromEpochMicros(position[0])}, ${position[1]}::uuid)`;
  const take = limit + 1;
  const rows = await queryRows<Row>(
    services.db,
    sql`
      with page as (
        select x.id, x.updated_at, x.sort_micros
        from unnest(${countryArray(countries)}) as cc(code)
        cross join lateral (
          select s.id, s.updated_at, ${epochMicros(sql`s.updated_at`)} as sort_micros
          from showtimes s
          where s.country_code = cc.code and ${after} and s.updated_at <= ${cutoff}::timestamptz
          order by s.updated_at, s.id
          limit ${take}
        ) x
        order by x.updated_at, x.id
        limit ${take}
      )
      select ${showtimeColumns(undefined, input.locale ?? "en")}, page.sort_micros
      from page
      join showtimes s on s.id = page.id
      ${showtimeJoins()}
      order by page.updated_at, page.id
    `,
  );
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const next: [number, string] = last ? [Number(last.sort_micros), last.id] : position;
  return {
    data: shown.map((row) => {
      const showtime = toApiShowtime(row, services.baseUrl);
      return { change: changeOf(row), changed_at: showtime.updated_at, showtime };
    }),
    pagination: {
      next_cursor: encodeCursor("listChanges", fingerprint, next),
      has_more: rows.length > limit,
    },
  };
}
