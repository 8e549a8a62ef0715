// GET /api/v1/showtimes/{id}: one showtime, scheduled or cancelled. In a country the key does not grant:
// 403 naming the country; unknown (or, for a publishable key, a movie its client hid): 404.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { AppError } from "../../errors.ts";
import { requireCountry } from "../country-scope.ts";
import { isUuid } from "../ids.ts";
import type { ApiLocale } from "../movies/movie-row.ts";
import {
  type ApiShowtime,
  type ShowtimeReader,
  type ShowtimeRow,
  curatingClient,
  notHiddenBy,
  showtimeColumns,
  showtimeJoins,
  toApiShowtime,
} from "./showtime-row.ts";

export async function getShowtime(
  services: { db: Database; baseUrl: string },
  scope: ShowtimeReader,
  input: { id: string; locale?: ApiLocale },
): Promise<ApiShowtime> {
  if (!isUuid(input.id)) throw new AppError("not_found", "api.showtimeNotFound");
  const curatedFor = curatingClient(scope);
  const [row] = await queryRows<ShowtimeRow>(
    services.db,
    sql`select ${showtimeColumns(undefined, input.locale ?? "en", curatedFor)} from showtimes s ${showtimeJoins()}
        where s.id = ${input.id}::uuid ${curatedFor ? sql`and ${notHiddenBy(curatedFor)}` : sql``}`,
  );
  if (!row) throw new AppError("not_found", "api.showtimeNotFound");
  requireCountry(scope, row.country);
  return toApiShowtime(row, services.baseUrl);
}
