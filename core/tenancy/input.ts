// Input validation at the boundary of every tenancy operation: zod 4 schemas shared by the
// operations (and usable by the forms), and one parser that turns zod issues into
// AppError("invalid_input", message, fieldErrors).
import { z } from "zod";
import { AppError } from "../errors.ts";
import { messageRef, type MessageRef } from "../i18n/message-ref.ts";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const clientRoleSchema = z.enum(["admin", "editor", "viewer"], {
  error: "validation.roleInvalid",
});

export const idSchema = z.uuid({ error: "validation.idInvalid" });

export const nameSchema = z
  .string({ error: "validation.nameRequired" })
  .trim()
  .min(1, { error: "validation.nameRequired" })
  .max(200, { error: messageRef("validation.tooLong", { max: 200 }) });

export const slugSchema = z
  .string({ error: "validation.slugRequired" })
  .trim()
  .toLowerCase()
  .min(2, { error: messageRef("validation.tooShort", { min: 2 }) })
  .max(60, { error: messageRef("validation.tooLong", { max: 60 }) })
  .regex(SLUG_PATTERN, { error: "validation.slugPattern" });

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "validation.emailInvalid" })
      .max(320, { error: messageRef("validation.tooLong", { max: 320 }) }),
  );

/** Free-text search: trimmed, empty → undefined. */
export const searchSchema = z
  .string()
  .trim()
  .max(200, { error: messageRef("validation.tooLong", { max: 200 }) })
  .optional()
  .transform((value) => (value ? value : undefined));

export const pageSchema = z.coerce
  .number({ error: "validation.numberInvalid" })
  .int()
  .min(1)
  .max(100_000)
  .default(1);
export const pageSizeSchema = z.coerce
  .number({ error: "validation.numberInvalid" })
  .int()
  .min(1)
  .max(200)
  .default(25);

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

export const notesSchema = z
  .string()
  .trim()
  .max(5000, { error: messageRef("validation.tooLong", { max: 5000 }) });

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
