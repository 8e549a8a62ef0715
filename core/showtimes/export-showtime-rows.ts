// The CSV export of /studio/data/showtimes: the rows of the current filter and sort, at most `limit`,
// read in one query (the same index ranges as the list; paging 200 at a time would count the matches
// again for every page). Super admins only.
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { parseInput } from "../shared/input.ts";
import {
  readShowtimeRows,
  showtimeListSchema,
  type ListShowtimeRowsInput,
  type ShowtimeRow,
} from "./list-showtime-rows.ts";
import type { AppServices } from "../services.ts";

export async function exportShowtimeRows(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListShowtimeRowsInput,
  limit: number,
): Promise<ShowtimeRow[]> {
  requireSuperAdmin(actor);
  const filters = parseInput(showtimeListSchema, input);
  return readShowtimeRows(db, filters, limit, 0);
}
