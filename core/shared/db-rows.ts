import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** Runs raw SQL and returns its rows; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
