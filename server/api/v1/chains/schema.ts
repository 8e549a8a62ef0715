// Cinema chains: the list's parameters and a chain as the API shows it.
import { z } from "@hono/zod-openapi";
import {
  EXAMPLE_CHAIN_ID,
  countryParam,
  cursorParam,
  limitParam,
  listOf,
  textParam,
  textDescription,
} from "../common-schema.ts";

export const ChainSchema = z
  .object({
    id: z
      .string()
      .uuid()
      .openapi({ description: "Stable id (what the cinemas' `chain=` takes).", example: EXAMPLE_CHAIN_ID }),
    slug: z.string().openapi({ description: "URL-safe name, stable.", example: "pathe" }),
    name: z.string().openapi({ description: "The chain's name.", example: "Pathé" }),
    website: z
      .string()
      .nullable()
      .openapi({ description: "The chain's site.", example: "https://www.pathe.nl" }),
    countries: z
      .array(z.string())
      .openapi({ description: "Countries (of those asked for) where it has open cinemas.", example: ["NL"] }),
    cinema_count: z
      .number()
      .int()
      .openapi({ description: "Its open cinemas in those countries.", example: 29 }),
  })
  .openapi("Chain", { description: "A cinema chain." });

export const ListChainsQuery = z
  .object({
    country: countryParam,
    q: textParam("q")
      .optional()
      .openapi({ description: textDescription("Text in the chain's name (any case)."), example: "path" }),
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict();

export const ChainListSchema = listOf(
  ChainSchema,
  "ChainList",
  "Chains with open cinemas in your countries, by name (then id).",
);
