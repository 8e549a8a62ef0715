// Finding the city a visitor typed: exact names and other names, prefixes, misspellings (trigrams),
// and suggestions when nothing is close enough, on the Dutch demo cinemas.
import { beforeAll, describe, expect, it } from "vitest";
import { seedSmallDemo } from "../../../tests/helpers/test-app.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { findCity } from "./places.ts";

const database = useTestDatabase();

beforeAll(async () => {
  await seedSmallDemo(database(), new Date("2026-11-22T11:00:00Z"), 1);
});

describe("findCity", () => {
  it("finds a city by its name in any case, without a correction", async () => {
    const found = await findCity(database().db, "den HAAG");
    expect(found.city?.city).toBe("Den Haag");
    expect(found.corrected).toBe(false);
  });

  it("takes other names and prefixes for the city they name, and says it corrected them", async () => {
    for (const [typed, city] of [
      ["'s-Gravenhage", "Den Haag"],
      ["The Hague", "Den Haag"],
      ["Den Bosch", "'s-Hertogenbosch"],
      ["Amst", "Amsterdam"],
    ]) {
      const found = await findCity(database().db, typed!);
      expect(found.city?.city, typed).toBe(city);
      expect(found.corrected, typed).toBe(true);
    }
  });

  it("reads through misspellings", async () => {
    for (const [typed, city] of [
      ["Amsterdm", "Amsterdam"],
      ["Rotterdm", "Rotterdam"],
      ["Utreht", "Utrecht"],
      ["amsterdan", "Amsterdam"],
    ]) {
      const found = await findCity(database().db, typed!);
      expect(found.city?.city, typed).toBe(city);
      expect(found.corrected, typed).toBe(true);
    }
  });

  it("finds nothing for a name far from every city, suggesting only cities that are close", async () => {
    const nothing = await findCity(database().db, "Atlantis");
    expect(nothing.city).toBeUndefined();
    expect(nothing.suggestions.map((c) => c.city)).not.toContain("Amsterdam");
    const vague = await findCity(database().db, "Rotter dame stad");
    expect(vague.city).toBeUndefined();
    expect(vague.suggestions.map((c) => c.city)).toContain("Rotterdam");
  });

  it("ignores empty and overlong input", async () => {
    expect(await findCity(database().db, "  ")).toEqual({ corrected: false, suggestions: [] });
    expect((await findCity(database().db, "x".repeat(101))).city).toBeUndefined();
  });
});
