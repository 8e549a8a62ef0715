// Input validation at the boundary of every core operation: search and paging fields, and one parser
// that turns zod issues into AppError("invalid_input", message, fieldErrors). Domain field schemas live
// with their forms (core/forms/fields.ts for the shared ones, core/<domain>/forms.ts for the rest).
import { z } from "zod";
import { AppError } from "../errors.ts";
import { integerFromText } from "../forms/numbers.ts";
import { messageRef, type MessageRef } from "../i18n/message-ref.ts";

/** Free-text search: trimmed, empty → undefined. */
export const searchSchema = z
  .string()
  .trim()
  .max(200, { error: messageRef("validation.tooLong", { max: 200 }) })
  .optional()
  .transform((value) => (value ? value : undefined));

export const pageSchema = integerFromText(
  z.number({ error: "validation.numberInvalid" }).int().min(1).max(100_000),
).default(1);
export const pageSizeSchema = integerFromText(
  z.number({ error: "validation.numberInvalid" }).int().min(1).max(200),
).default(25);

/** Parses `input` with `schema`, or throws AppError("invalid_input") with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(result.error);
}

/** AppError("invalid_input", "form.invalid") with each field's first message reference. */
export function invalidInput(error: z.ZodError): AppError {
  const fieldErrors: Record<string, MessageRef> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fieldErrors[key] ??= issue.message;
  }
  return new AppError("invalid_input", "form.invalid", { fieldErrors });
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An optional field that may also be cleared: "" or null → null, missing → undefined (unchanged). */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.union([z.null(), z.literal("").transform(() => null), schema]).optional();
}

/** A URL-safe slug from a name ("Pathé Amsterdam!" → "pathe-amsterdam"); "" when nothing usable remains. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}
