// Input validation at the boundary of every tenancy operation: zod 4 schemas shared by the
// operations (and usable by the forms), and one parser that turns zod issues into
// AppError("invalid_input", message, fieldErrors).
import { z } from "zod";
import { AppError } from "../errors.ts";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const clientRoleSchema = z.enum(["admin", "editor", "viewer"], {
  error: "Choose admin, editor or viewer.",
});

export const idSchema = z.uuid({ error: "Not a valid id." });

export const nameSchema = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, { error: "Enter a name." })
  .max(200, { error: "Keep the name under 200 characters." });

export const slugSchema = z
  .string({ error: "Enter a slug." })
  .trim()
  .toLowerCase()
  .min(2, { error: "A slug has at least 2 characters." })
  .max(60, { error: "A slug has at most 60 characters." })
  .regex(SLUG_PATTERN, {
    error: "Use lower-case letters, digits and single hyphens (for example: city-guide).",
  });

export const emailSchema = z
  .string({ error: "Enter an e-mail address." })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "Enter a valid e-mail address." })
      .max(320, { error: "This e-mail address is too long." }),
  );

/** Free-text search: trimmed, empty → undefined. */
export const searchSchema = z
  .string()
  .trim()
  .max(200, { error: "Keep the search under 200 characters." })
  .optional()
  .transform((value) => (value ? value : undefined));

export const pageSchema = z.coerce
  .number({ error: "Not a page number." })
  .int()
  .min(1)
  .max(100_000)
  .default(1);
export const pageSizeSchema = z.coerce
  .number({ error: "Not a page size." })
  .int()
  .min(1)
  .max(200)
  .default(25);

/** Parses `input` with `schema`, or throws AppError("invalid_input") with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fieldErrors[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message;
  const message = result.error.issues.length === 1 && first ? first : "Some fields are not valid.";
  throw new AppError("invalid_input", message, fieldErrors);
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An optional field that may also be cleared: "" or null → null, missing → undefined (unchanged). */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.union([z.null(), z.literal("").transform(() => null), schema]).optional();
}

export const notesSchema = z.string().trim().max(5000, { error: "Keep the notes under 5000 characters." });

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
