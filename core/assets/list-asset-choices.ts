// The assets a picker elsewhere (a movie's poster, a chain's logo) may offer: scoped like the library,
// filtered by kind and by a piece of the file name, newest first, as Combobox options.
import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { assets } from "../../db/schema/assets.ts";
import type { Actor } from "../access/actor.ts";
import { likePattern, parseInput, searchSchema } from "../shared/input.ts";
import { ASSET_KINDS } from "./asset-schemas.ts";
import { type AssetServices, readableScope } from "./asset-rules.ts";

const inputSchema = z.object({
  kind: z.enum(ASSET_KINDS, { error: "validation.choiceInvalid" }).optional(),
  q: searchSchema,
  limit: integerFromText(z.number().int().min(1).max(50)).default(20),
});

export type AssetChoice = { value: string; label: string; hint?: string };

export async function listAssetChoices(
  { db }: AssetServices,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<AssetChoice[]> {
  const { kind, q, limit } = parseInput(inputSchema, input);
  const conditions: SQL[] = [readableScope(actor)];
  if (kind) conditions.push(eq(assets.kind, kind));
  if (q) conditions.push(ilike(assets.fileName, likePattern(q)));
  const rows = await db
    .select({ id: assets.id, fileName: assets.fileName, width: assets.width, height: assets.height })
    .from(assets)
    .where(and(...conditions))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(limit);
  return rows.map((row) => ({
    value: row.id,
    label: row.fileName,
    ...(row.width && row.height ? { hint: `${row.width} × ${row.height}` } : {}),
  }));
}
