// Principals carry the client's domains and countries: when those change, drop every cached key of
// the client (here and, through the directory, on the other instances).
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import type { ApiKeyDirectory } from "./key-directory-types.ts";

export async function invalidateClientKeys(
  { db, apiKeys: directory }: { db: Database; apiKeys: ApiKeyDirectory },
  clientId: string,
) {
  const rows = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.clientId, clientId));
  await directory.invalidate(rows.map((r) => r.id));
}
