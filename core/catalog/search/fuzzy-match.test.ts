import { describe, expect, it } from "vitest";
import { compareMatches, matchName, normalizeName, osaDistance } from "./fuzzy-match.ts";

const match = (typed: string, name: string) => matchName(normalizeName(typed), normalizeName(name));

describe("normalizeName", () => {
  it("drops case, accents and punctuation", () => {
    expect(normalizeName("  Amélie: Le Fabuleux   Destin d'Amélie ")).toBe(
      "amelie le fabuleux destin d amelie",
    );
    expect(normalizeName("Pathé Tuschinski")).toBe("pathe tuschinski");
    expect(normalizeName("Straße")).toBe("strasse");
    expect(normalizeName("%_")).toBe("");
  });
});

describe("osaDistance", () => {
  it("counts a swap of two neighbours as one edit", () => {
    expect(osaDistance("wicekd", "wicked")).toBe(1);
    expect(osaDistance("ab", "ba")).toBe(1);
    expect(osaDistance("robt", "robot")).toBe(1);
    expect(osaDistance("kitten", "sitting")).toBe(3);
    expect(osaDistance("", "abc")).toBe(3);
  });

  it("stops once the distance must pass the maximum", () => {
    expect(osaDistance("abcdef", "uvwxyz", 1)).toBe(2);
    expect(osaDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("matchName", () => {
  it("forgives two swapped letters, a missing letter and a half-typed word", () => {
    expect(match("Wicekd", "Wicked")).toMatchObject({ quality: "similar" });
    expect(match("wild robt", "The Wild Robot")).toMatchObject({ quality: "similar" });
    expect(match("Gladiatr", "Gladiator II")).toMatchObject({ quality: "similar" });
    expect(match("Insde Out 2", "Inside Out 2")).toMatchObject({ quality: "similar" });
    expect(match("tuschinksi", "Pathé Tuschinski")).toMatchObject({ quality: "similar" });
  });

  it("ranks the closer name first", () => {
    const wicked = match("Wicekd", "Wicked")!;
    const letters = match("Wicekd", "Wicked Little Letters")!;
    expect(compareMatches(wicked, letters)).toBeLessThan(0);
    expect(compareMatches(match("dune", "Dune")!, match("dune", "Dune: Part Two")!)).toBeLessThan(0);
  });

  it("tells exact, prefix and contained names apart", () => {
    expect(match("DUNE", "Dune")).toEqual({ quality: "exact", score: 1 });
    expect(match("dune", "Dune: Part Two")?.quality).toBe("prefix");
    expect(match("monte cristo", "Le Comte de Monte-Cristo")?.quality).toBe("contains");
  });

  it("matches nothing for gibberish, nor typos in very short words", () => {
    expect(match("zqxwv", "Wicked")).toBeNull();
    expect(match("zqxwv", "The Wild Robot")).toBeNull();
    expect(match("xyz", "Wicked")).toBeNull();
    expect(match("dnue", "Dune")).not.toBeNull();
    expect(match("teh", "The Substance")).toBeNull();
    expect(match("", "Wicked")).toBeNull();
  });
});
