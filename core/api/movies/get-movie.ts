// GET /api/v1/movies/{id}: one movie of the catalogue (not hidden or merged); unknown: 404.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { AppError } from "../../errors.ts";
import type { ApiScope } from "../country-scope.ts";
import { isUuid } from "../ids.ts";
import { type ApiLocale, type ApiMovie, type MovieRow, movieColumns, toApiMovie } from "./movie-row.ts";

export async function getMovie(
  services: { db: Database },
  scope: ApiScope,
  input: { id: string; locale?: ApiLocale },
): Promise<ApiMovie> {
  if (!isUuid(input.id)) throw new AppError("not_found", "api.movieNotFound");
  const locale = input.locale ?? "en";
  const [row] = await queryRows<MovieRow>(
    services.db,
    sql`select ${movieColumns()} from movies m
        left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${locale}
        where m.id = ${input.id}::uuid and m.status = 'active'`,
  );
  if (!row) throw new AppError("not_found", "api.movieNotFound");
  return toApiMovie(row, scope.countries, locale);
}
