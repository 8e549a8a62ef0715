import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { emailSchema, slugSchema } from "../forms/fields.ts";
import { likePattern, parseInput, slugify } from "./input.ts";

describe("input helpers and shared field schemas", () => {
  it("accepts slugs of 2–60 lower-case letters, digits and single hyphens", () => {
    expect(slugSchema.parse(" Het-Parool ")).toBe("het-parool");
    expect(slugSchema.parse("ab")).toBe("ab");
    expect(slugSchema.parse("a".repeat(60))).toHaveLength(60);
    for (const bad of ["a", "a".repeat(61), "-ab", "ab-", "a--b", "a_b", "a b", "é-a"])
      expect(slugSchema.safeParse(bad).success).toBe(false);
  });

  it("trims and lower-cases e-mail addresses", () => {
    expect(emailSchema.parse("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(emailSchema.safeParse("ann@").success).toBe(false);
  });

  it("makes slugs from names", () => {
    expect(slugify("Pathé Café & Bioscoop!")).toBe("pathe-cafe-bioscoop");
    expect(slugify("  --Kino  Łódź-- ")).toBe("kino-odz");
    expect(slugify("!!!")).toBe("");
    expect(slugify("x".repeat(59) + " yz").length).toBeLessThanOrEqual(60);
    expect(slugify("x".repeat(59) + " yz")).not.toMatch(/-$/);
  });

  it("turns zod issues into AppError(invalid_input) with one message reference per field", () => {
    const schema = z.object({
      name: z.string().min(1, { error: "validation.nameRequired" }),
      email: emailSchema,
    });
    try {
      parseInput(schema, { name: "", email: "x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: "invalid_input",
        reason: "form.invalid",
        fieldErrors: { name: "validation.nameRequired", email: "validation.emailInvalid" },
      });
    }
    expect(() => parseInput(schema, { name: "", email: "a@b.test" })).toThrow(/Some fields are not valid/);
  });

  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
