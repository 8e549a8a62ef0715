// Bound parameters for the API's raw SQL: arrays as one typed array value each, LIKE patterns escaped.
import { type SQL, sql } from "drizzle-orm";

/** array[$1, $2, …]::<type>[] ('{}' when empty) */
function typedArray(values: readonly string[], type: "text" | "bpchar" | "uuid"): SQL {
  if (values.length === 0) return sql.raw(`'{}'::${type}[]`);
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

export const textArray = (values: readonly string[]) => typedArray(values, "text");
/** country codes, typed like the char(2) columns so their indexes apply */
export const countryArray = (values: readonly string[]) => typedArray(values, "bpchar");
export const uuidArray = (values: readonly string[]) => typedArray(values, "uuid");

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An instant as whole microseconds since the epoch (what cursors carry: timestamptz keeps µs, Date only ms). */
export const epochMicros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

/** The timestamptz of a microsecond count, exactly (no floating point). */
export const fromEpochMicros = (micros: number) =>
  sql`(timestamptz 'epoch' + ${Math.trunc(micros)}::bigint * interval '1 microsecond')`;
