// Cities: the list's parameters and a city as the API shows it.
import { z } from "@hono/zod-openapi";
import {
  countryParam,
  cursorParam,
  limitParam,
  listOf,
  textParam,
  textDescription,
} from "../common-schema.ts";

export const CitySchema = z
  .object({
    name: z
      .string()
      .openapi({ description: "The city's name: what `city=` takes (any case).", example: "Amsterdam" }),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2 country code.", example: "NL" }),
    time_zone: z
      .string()
      .openapi({ description: "IANA time zone of its cinemas.", example: "Europe/Amsterdam" }),
    cinema_count: z.number().int().openapi({ description: "Open cinemas in the city.", example: 20 }),
    latitude: z
      .number()
      .nullable()
      .openapi({ description: "Mean latitude of its cinemas: a centre for `near`.", example: 52.36577 }),
    longitude: z
      .number()
      .nullable()
      .openapi({ description: "Mean longitude of its cinemas.", example: 4.89123 }),
  })
  .openapi("City", { description: "A place with open cinemas." });

export const ListCitiesQuery = z
  .object({
    country: countryParam,
    q: textParam("q")
      .optional()
      .openapi({ description: textDescription("Text in the city's name (any case)."), example: "amster" }),
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict();

export const CityListSchema = listOf(
  CitySchema,
  "CityList",
  "Cities with open cinemas, by name (then country).",
);
