// Numbers from text (query strings, form fields, settings), read strictly: decimal digits only. Number()
// and z.coerce would also take "0x10" (16), "1e3", "0b11", "Infinity" and "" (0), so one value would
// have many spellings (and cache keys), and a typo would pass as another number.
import { z } from "zod";

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

function reader(pattern: RegExp) {
  return (value: unknown): unknown => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return pattern.test(text) ? Number(text) : Number.NaN;
  };
}

/** `schema` (a z.number() chain) fed from text written as a whole number in decimal digits. */
export function integerFromText<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(reader(INTEGER_TEXT), schema);
}

/** `schema` (a z.number() chain) fed from text written as a decimal number ("2", "2.5", ".5"). */
export function decimalFromText<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(reader(DECIMAL_TEXT), schema);
}
