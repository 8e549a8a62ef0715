// Cinemas: the list's parameters and the cinema as the API shows it.
import { z } from "@hono/zod-openapi";
import {
  EXAMPLE_CHAIN_ID,
  EXAMPLE_CINEMA_ID,
  cityParam,
  countryParam,
  cursorParam,
  limitParam,
  listOf,
  nearOf,
  nearParam,
  oneOf,
  radiusParam,
  textParam,
  uuidParam,
  textDescription,
} from "../common-schema.ts";

export const CinemaChainRefSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "The chain's id.", example: EXAMPLE_CHAIN_ID }),
    slug: z.string().openapi({ description: "URL-safe name, stable.", example: "pathe" }),
    name: z.string().openapi({ description: "The chain's name.", example: "Pathé" }),
  })
  .openapi("CinemaChainRef", { description: "The chain a cinema belongs to." });

export const CinemaSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "Stable id.", example: EXAMPLE_CINEMA_ID }),
    slug: z.string().openapi({ description: "URL-safe name, stable.", example: "pathe-tuschinski" }),
    name: z.string().openapi({ description: "The cinema's name.", example: "Pathé Tuschinski" }),
    chain: CinemaChainRefSchema.nullable().openapi({
      description: "Its chain; null for an independent cinema.",
    }),
    address: z
      .string()
      .nullable()
      .openapi({ description: "Street and number.", example: "Reguliersbreestraat 26-34" }),
    postal_code: z.string().nullable().openapi({ description: "Postal code.", example: "1017 CN" }),
    city: z.string().openapi({ description: "City (what `city=` takes).", example: "Amsterdam" }),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2 country code.", example: "NL" }),
    latitude: z.number().nullable().openapi({ description: "WGS 84 latitude.", example: 52.3664 }),
    longitude: z.number().nullable().openapi({ description: "WGS 84 longitude.", example: 4.8946 }),
    coordinates_approximate: z.boolean().openapi({
      description: "True when the position is the city centre, not the building.",
      example: false,
    }),
    time_zone: z
      .string()
      .openapi({ description: "IANA time zone of the cinema.", example: "Europe/Amsterdam" }),
    website: z.string().url().nullable().openapi({
      description: "The cinema's site (absolute URL).",
      example: "https://www.pathe.nl/bioscoop/tuschinski",
    }),
    phone: z
      .string()
      .nullable()
      .openapi({ description: "Phone number as published.", example: "+31 20 626 2633" }),
    screens: z.number().int().nullable().openapi({ description: "Number of screens.", example: 6 }),
    seats: z.number().int().nullable().openapi({ description: "Total seats.", example: 1350 }),
    status: z.enum(["open", "closed"]).openapi({ description: "Whether it is operating.", example: "open" }),
    distance_km: z
      .number()
      .nullable()
      .openapi({ description: "Kilometres from `near` (two decimals); null without `near`.", example: 0.42 }),
  })
  .openapi("Cinema", { description: "A cinema." });

export const ListCinemasQuery = z
  .object({
    country: countryParam,
    city: cityParam,
    chain: uuidParam("chain").optional().openapi({
      description: "Only this chain's cinemas (a chain id from `GET /chains`).",
      example: EXAMPLE_CHAIN_ID,
    }),
    near: nearParam,
    radius: radiusParam,
    q: textParam("q")
      .optional()
      .openapi({
        description: textDescription("Text in the cinema's name, city or address (any case)."),
        example: "tuschinski",
      }),
    limit: limitParam,
    cursor: cursorParam,
  })
  .strict()
  .superRefine(nearOf);

export const CinemaParams = z.object({
  id: uuidParam("id").openapi({ description: "The cinema's id.", example: EXAMPLE_CINEMA_ID }),
});

export const CinemaListSchema = listOf(
  CinemaSchema,
  "CinemaList",
  "Open cinemas, by name; by distance (nearest first) with `near`.",
);
export const CinemaResultSchema = oneOf(CinemaSchema, "CinemaResult", "One cinema.");
