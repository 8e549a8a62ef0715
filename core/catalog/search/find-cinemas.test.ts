import { beforeAll, describe, expect, it } from "vitest";
import { cinemas, countries } from "../../../db/schema/catalog.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { findCinemas } from "./find-cinemas.ts";

const database = useTestDatabase();

beforeAll(async () => {
  const { db } = database();
  const country = (code: string, enabled = true) => ({
    code,
    name: code,
    enabled,
    defaultLocale: "en",
    timeZone: "Europe/Amsterdam",
    currency: "EUR",
  });
  await db.insert(countries).values([country("NL"), country("BE"), country("XX", false)]);
  const cinema = (slug: string, name: string, city: string, more: object = {}) => ({
    slug,
    name,
    city,
    countryCode: "NL",
    timeZone: "Europe/Amsterdam",
    ...more,
  });
  await db
    .insert(cinemas)
    .values([
      cinema("tuschinski", "Pathé Tuschinski", "Amsterdam"),
      cinema("eye", "Eye Filmmuseum", "Amsterdam"),
      cinema("kinepolis-utrecht", "Kinepolis Jaarbeurs", "Utrecht"),
      cinema("kinepolis-antwerpen", "Kinepolis Antwerpen", "Antwerpen", { countryCode: "BE" }),
      cinema("old-rialto", "Rialto De Pijp", "Amsterdam", { status: "closed" }),
      cinema("hidden-land", "Filmhuis Verborgen", "Nowhere", { countryCode: "XX" }),
    ]);
});

const find = (text: string, city?: string) => findCinemas(database(), text, { city });
const slugs = async (text: string, city?: string) => (await find(text, city)).map((c) => c.slug);

describe("finding a cinema by what a visitor typed", () => {
  it("forgives typos in a cinema's name, accents and swapped letters included", async () => {
    expect(await slugs("tuschinksi")).toEqual(["tuschinski"]);
    expect(await slugs("pathe tuschinski")).toEqual(["tuschinski"]);
    expect(await slugs("Eye Filmmusuem")).toEqual(["eye"]);
  });

  it("puts the visitor's city first among equals", async () => {
    expect(await slugs("kinepolis", "Antwerpen")).toEqual(["kinepolis-antwerpen", "kinepolis-utrecht"]);
    expect(await slugs("kinepolis", "Utrecht")).toEqual(["kinepolis-utrecht", "kinepolis-antwerpen"]);
    expect(await slugs("kinepolsi", "Antwerpen")).toEqual(["kinepolis-antwerpen", "kinepolis-utrecht"]);
  });

  it("finds no closed cinema, none of a disabled country, and nothing for gibberish", async () => {
    expect(await slugs("rialto")).toEqual([]);
    expect(await slugs("verborgen")).toEqual([]);
    expect(await slugs("zqxwv")).toEqual([]);
    expect(await slugs("%")).toEqual([]);
    expect(await slugs("x".repeat(201))).toEqual([]);
  });
});
