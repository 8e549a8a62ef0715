// GET /api/v1/cinemas/{id}: one cinema (open or closed). A cinema in a country the key does not grant is
// refused with 403 naming the country; an unknown id is 404.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { AppError } from "../../errors.ts";
import { type ApiScope, requireCountry } from "../country-scope.ts";
import { isUuid } from "../ids.ts";
import { type ApiCinema, type CinemaRow, cinemaColumns, toApiCinema } from "./cinema-row.ts";

export async function getCinema(services: { db: Database }, scope: ApiScope, id: string): Promise<ApiCinema> {
  if (!isUuid(id)) throw new AppError("not_found", "api.cinemaNotFound");
  const [row] = await queryRows<CinemaRow>(
    services.db,
    sql`select ${cinemaColumns(undefined)} from cinemas c left join cinema_chains ch on ch.id = c.chain_id
        where c.id = ${id}::uuid`,
  );
  if (!row) throw new AppError("not_found", "api.cinemaNotFound");
  requireCountry(scope, row.country);
  return toApiCinema(row);
}
