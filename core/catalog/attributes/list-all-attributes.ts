import { asc } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { attributes } from "../../../db/schema/catalog.ts";

export type AttributeSummary = { code: string; category: string; names: Record<string, string> };

export async function listAttributes(db: Database): Promise<AttributeSummary[]> {
  return db
    .select({ code: attributes.code, category: attributes.category, names: attributes.names })
    .from(attributes)
    .orderBy(asc(attributes.category), asc(attributes.code));
}
