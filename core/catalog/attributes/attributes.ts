// What the attribute operations share: the columns they return, the table lock that keeps codes and
// synonyms unique while one of them checks, and the checks themselves (field errors naming the holder).
import { and, arrayOverlaps, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { attributes } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const attributeColumns = {
  id: attributes.id,
  code: attributes.code,
  category: attributes.category,
  names: attributes.names,
  synonyms: attributes.synonyms,
};

export type AttributeRecord = {
  id: string;
  code: string;
  category: string;
  names: Record<string, string>;
  synonyms: string[];
};

/** One writer at a time checks codes and synonyms (readers are not blocked). */
export async function lockAttributes(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${attributes} in share row exclusive mode`);
}

export async function findAttributeForUpdate(tx: Transaction, id: string): Promise<AttributeRecord> {
  const [row] = await tx.select(attributeColumns).from(attributes).where(eq(attributes.id, id)).for("update");
  if (!row) throw new AppError("not_found", "studio.attributes.notFound");
  return row;
}

/** Refuses a code another attribute has (the form shows it beside the code). */
export async function checkCodeFree(tx: Transaction, code: string, exceptId?: string): Promise<void> {
  const [other] = await tx
    .select({ id: attributes.id })
    .from(attributes)
    .where(
      exceptId ? and(eq(attributes.code, code), ne(attributes.id, exceptId)) : eq(attributes.code, code),
    );
  if (other)
    throw new AppError("conflict", "studio.attributes.codeTaken", {
      values: { code },
      fieldErrors: { code: messageRef("studio.attributes.validation.codeTaken", { code }) },
    });
}

/** Refuses a synonym that belongs to another attribute, naming that attribute. */
export async function checkSynonymsFree(
  tx: Transaction,
  synonyms: string[],
  exceptIds: string[],
): Promise<void> {
  if (synonyms.length === 0) return;
  const holders = await tx
    .select({ id: attributes.id, code: attributes.code, synonyms: attributes.synonyms })
    .from(attributes)
    .where(arrayOverlaps(attributes.synonyms, synonyms))
    .orderBy(attributes.code);
  for (const holder of holders) {
    if (exceptIds.includes(holder.id)) continue;
    const synonym = synonyms.find((s) => holder.synonyms.includes(s))!;
    throw new AppError("conflict", "studio.attributes.synonymTaken", {
      values: { synonym, code: holder.code },
      fieldErrors: {
        synonyms: messageRef("studio.attributes.validation.synonymTaken", { synonym, code: holder.code }),
      },
    });
  }
}

/** How many showtimes carry the code. */
export async function showtimesWithAttribute(db: Database | Transaction, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(showtimes)
    .where(sql`${showtimes.attributes} @> array[${code}]::text[]`);
  return row?.n ?? 0;
}
