// Sanity checks on the committed demo dataset (db/seed/data/*.json).
import { readdir, stat } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import type { DemoData } from "./demo-data-types.ts";
import { demoDataDir, loadDemoData } from "./load-demo-data.ts";

let data: DemoData;

beforeAll(async () => {
  data = await loadDemoData();
});

const duplicates = (values: (string | number | null)[]) => {
  const seen = new Set<string | number>();
  const dups: (string | number)[] = [];
  for (const v of values) {
    if (v === null) continue;
    if (seen.has(v)) dups.push(v);
    seen.add(v);
  }
  return dups;
};

describe("demo dataset", () => {
  it("stays small", async () => {
    let bytes = 0;
    for (const name of await readdir(demoDataDir)) bytes += (await stat(new URL(name, demoDataDir))).size;
    expect(bytes).toBeLessThan(1.5 * 1024 * 1024);
  });

  it("has the core countries with locale, zone and currency", () => {
    const byCode = new Map(data.countries.map((c) => [c.code, c]));
    for (const code of ["NL", "BE", "FR", "DK", "DE", "GB"]) expect(byCode.has(code)).toBe(true);
    expect(byCode.get("NL")).toEqual({
      code: "NL",
      name: "Netherlands",
      defaultLocale: "nl",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    });
    expect(byCode.get("GB")!.currency).toBe("GBP");
    expect(byCode.get("DK")!.currency).toBe("DKK");
    for (const c of data.countries)
      expect(() => new Intl.DateTimeFormat("en", { timeZone: c.timeZone })).not.toThrow();
  });

  it("has unique slugs and valid references", () => {
    expect(duplicates(data.chains.map((c) => c.slug))).toEqual([]);
    expect(duplicates(data.cinemas.map((c) => c.slug))).toEqual([]);
    expect(duplicates(data.movies.map((m) => m.slug))).toEqual([]);
    expect(duplicates(data.attributes.map((a) => a.code))).toEqual([]);
    const chains = new Set(data.chains.map((c) => c.slug));
    const countries = new Set(data.countries.map((c) => c.code));
    for (const chain of data.chains) for (const c of chain.countries) expect(countries).toContain(c);
    const bad = data.cinemas.filter(
      (c) =>
        (c.chain !== null && !chains.has(c.chain)) ||
        !countries.has(c.country) ||
        !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.slug) ||
        c.city.trim() === "" ||
        c.lat < 34 ||
        c.lat > 72 ||
        c.lon < -25 ||
        c.lon > 45 ||
        (c.website !== null && !c.website.startsWith("https://")),
    );
    expect(bad.map((c) => c.slug)).toEqual([]);
  });

  it("covers France, Denmark and the Netherlands, with the big chains", () => {
    const per = (country: string) => data.cinemas.filter((c) => c.country === country).length;
    expect(per("FR")).toBeGreaterThan(2000);
    expect(per("DK")).toBeGreaterThan(100);
    expect(per("NL")).toBeGreaterThan(80);
    const chains = new Set(data.chains.map((c) => c.slug));
    for (const slug of [
      "pathe",
      "vue",
      "vue-nl",
      "kinepolis",
      "cgr",
      "ugc",
      "mk2",
      "megarama",
      "nordisk-film-biografer",
      "cinestar",
      "cinemaxx",
      "odeon",
      "cineworld",
      "curzon",
      "everyman",
      "picturehouse",
    ]) {
      expect(chains).toContain(slug);
    }
    expect(data.cinemas.find((c) => c.slug === "pathe-tuschinski")).toMatchObject({
      chain: "pathe",
      city: "Amsterdam",
      approx: true,
    });
  });

  it("has movies with unique external ids", () => {
    expect(data.movies.length).toBeGreaterThan(500);
    expect(duplicates(data.movies.map((m) => m.imdb))).toEqual([]);
    expect(duplicates(data.movies.map((m) => m.tmdb))).toEqual([]);
    expect(duplicates(data.movies.map((m) => m.wikidata))).toEqual([]);
    for (const m of data.movies) {
      expect(m.title.trim()).not.toBe("");
      expect(m.year).toBeGreaterThan(1900);
      if (m.releaseDate) expect(m.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(data.movies.find((m) => m.imdb === "tt7510222")?.titleNl).toBe("Verschrikkelijke Ikke 4");
  });

  it("has the attributes of the product definition, with unambiguous lower-case synonyms", () => {
    const codes = new Set(data.attributes.map((a) => a.code));
    for (const code of [
      "3d",
      "imax",
      "4dx",
      "dolby-atmos",
      "ov",
      "nl-dubbed",
      "nl-subs",
      "en-subs",
      "audio-description",
      "subtitled-for-deaf",
      "sneak-preview",
      "ladies-night",
      "kids",
    ]) {
      expect(codes).toContain(code);
    }
    const categories = new Set(["format", "audio", "language", "subtitles", "accessibility", "event"]);
    for (const a of data.attributes) {
      expect(categories).toContain(a.category);
      expect(a.names.en).not.toBe("");
      expect(a.names.nl).not.toBe("");
      for (const s of a.synonyms) expect(s).toBe(s.toLowerCase());
    }
    expect(duplicates(data.attributes.flatMap((a) => a.synonyms))).toEqual([]);
  });
});
