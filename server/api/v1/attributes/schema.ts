// Attributes: the list's parameters and an attribute as the API shows it.
import { z } from "@hono/zod-openapi";
import { ATTRIBUTE_CATEGORIES } from "../../../../core/api/attributes/list-attributes.ts";
import { cursorParam, limitParam, listOf } from "../common-schema.ts";

export const AttributeSchema = z
  .object({
    code: z.string().openapi({
      description: "Stable code: what showtimes carry and `attributes=` takes.",
      example: "imax",
    }),
    category: z.enum(ATTRIBUTE_CATEGORIES).openapi({ description: "What it is about.", example: "format" }),
    names: z
      .record(z.string(), z.string())
      .openapi({ description: "Display name per locale.", example: { en: "IMAX", nl: "IMAX" } }),
  })
  .openapi("Attribute", {
    description: "A property a showtime can have (format, language, accessibility…).",
  });

export const ListAttributesQuery = z
  .object({
    category: z
      .enum(ATTRIBUTE_CATEGORIES, { message: `category must be one of ${ATTRIBUTE_CATEGORIES.join(", ")}` })
      .optional()
      .openapi({ description: "Only this category.", example: "subtitles" }),
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict();

export const AttributeListSchema = listOf(
  AttributeSchema,
  "AttributeList",
  "Attributes by category, then code.",
);
