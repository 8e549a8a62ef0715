// Exports past their expiry are deleted: on every download and new export, and by the nightly purge.
import { lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { exports } from "../../db/schema/tools.ts";

/** Deletes the exports past their expiry; returns how many. (Also run by the nightly purge.) */
export async function purgeExpiredExports(services: { db: Database; now: () => Date }): Promise<number> {
  const rows = await services.db
    .delete(exports)
    .where(lt(exports.expiresAt, services.now()))
    .returning({ id: exports.id });
  return rows.length;
}
