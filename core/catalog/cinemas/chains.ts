// What the cinema-chain operations share: the columns they return, finding a chain to change, and the
// checks (a free slug, countries that exist) as field errors.
import { and, arrayOverlaps, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { cinemaChains, cinemas, countries } from "../../../db/schema/catalog.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import type { Transaction } from "../attributes/attributes.ts";

export const chainColumns = {
  id: cinemaChains.id,
  name: cinemaChains.name,
  slug: cinemaChains.slug,
  website: cinemaChains.website,
  wikidataId: cinemaChains.wikidataId,
  logoAssetId: cinemaChains.logoAssetId,
  countries: cinemaChains.countries,
  synonyms: cinemaChains.synonyms,
};

export type ChainRecord = {
  id: string;
  name: string;
  slug: string;
  website: string | null;
  wikidataId: string | null;
  logoAssetId: string | null;
  countries: string[];
  synonyms: string[];
};

export async function findChainForUpdate(tx: Transaction, id: string): Promise<ChainRecord> {
  const [row] = await tx.select(chainColumns).from(cinemaChains).where(eq(cinemaChains.id, id)).for("update");
  if (!row) throw new AppError("not_found", "studio.chains.notFound");
  return row;
}

export async function checkSlugFree(tx: Transaction, slug: string, exceptId?: string): Promise<void> {
  const [other] = await tx
    .select({ name: cinemaChains.name })
    .from(cinemaChains)
    .where(
      exceptId
        ? and(eq(cinemaChains.slug, slug), ne(cinemaChains.id, exceptId))
        : eq(cinemaChains.slug, slug),
    );
  if (other)
    throw new AppError("conflict", "studio.chains.slugTaken", {
      values: { slug, name: other.name },
      fieldErrors: { slug: messageRef("studio.chains.validation.slugTaken", { name: other.name }) },
    });
}

/** One writer at a time checks slugs and synonyms (readers are not blocked). */
export async function lockChains(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${cinemaChains} in share row exclusive mode`);
}

/** Refuses a feed name another chain already answers to, naming that chain (feeds must find one chain). */
export async function checkChainSynonymsFree(
  tx: Transaction,
  synonyms: string[],
  exceptIds: string[],
): Promise<void> {
  if (synonyms.length === 0) return;
  const holders = await tx
    .select({ id: cinemaChains.id, name: cinemaChains.name, synonyms: cinemaChains.synonyms })
    .from(cinemaChains)
    .where(arrayOverlaps(cinemaChains.synonyms, synonyms))
    .orderBy(asc(cinemaChains.name));
  for (const holder of holders) {
    if (exceptIds.includes(holder.id)) continue;
    const synonym = synonyms.find((s) => holder.synonyms.includes(s))!;
    throw new AppError("conflict", "studio.chains.synonymTaken", {
      values: { synonym, name: holder.name },
      fieldErrors: {
        synonyms: messageRef("studio.chains.validation.synonymTaken", { synonym, name: holder.name }),
      },
    });
  }
}

/** Refuses a country code the countries table does not have. */
export async function checkCountriesExist(tx: Transaction, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const known = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, codes));
  const missing = codes.filter((code) => !known.some((k) => k.code === code));
  if (missing.length > 0)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { countries: messageRef("studio.chains.validation.countryUnknown") },
    });
}

export async function cinemasOfChain(db: Database | Transaction, chainId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cinemas).where(eq(cinemas.chainId, chainId));
  return row?.n ?? 0;
}
