// Countries: the list's parameters and a country as the API shows it.
import { z } from "@hono/zod-openapi";
import { cursorParam, limitParam, listOf } from "../common-schema.ts";

export const CountrySchema = z
  .object({
    code: z.string().openapi({ description: "ISO 3166-1 alpha-2 code.", example: "NL" }),
    name: z.string().openapi({ description: "English name.", example: "Netherlands" }),
    default_locale: z.string().openapi({ description: "Main language (BCP 47).", example: "nl" }),
    time_zone: z.string().openapi({ description: "Main IANA time zone.", example: "Europe/Amsterdam" }),
    currency: z.string().openapi({ description: "ISO 4217 currency.", example: "EUR" }),
    cinema_count: z.number().int().openapi({ description: "Open cinemas.", example: 92 }),
  })
  .openapi("Country", { description: "A country your key may read." });

export const ListCountriesQuery = z.object({ limit: limitParam, cursor: cursorParam }).strict();

export const CountryListSchema = listOf(
  CountrySchema,
  "CountryList",
  "The countries your key grants, by code.",
);
