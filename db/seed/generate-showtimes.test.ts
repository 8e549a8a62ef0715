import { beforeAll, describe, expect, it } from "vitest";
import type { DemoData } from "./demo-data-types.ts";
import { generateShowtimes } from "./generate-showtimes.ts";
import { ADS_MINUTES, type GeneratedShowtime } from "./showtime-generator/generated-showtime.ts";
import { listingDateOf, timeZoneOffsetMinutes } from "./showtime-generator/listing-time.ts";
import { hashString, mulberry32 } from "./showtime-generator/seeded-random.ts";
import { loadDemoData } from "./load-demo-data.ts";

const NOW = new Date("2026-11-22T10:00:00Z"); // a Sunday

let data: DemoData;
let all: GeneratedShowtime[];

function inputFor(d: DemoData, now: Date, cinemas = d.cinemas) {
  return {
    cinemas,
    movies: d.movies,
    attributes: d.attributes,
    countries: d.countries,
    now,
  };
}

/** A small but varied subset: every Dutch chain venue, some art-house, French and Danish venues. */
function subset(d: DemoData) {
  const pick = (country: string, n: number) => d.cinemas.filter((c) => c.country === country).slice(0, n);
  return [
    ...d.cinemas.filter((c) => c.country === "NL"),
    ...pick("FR", 40),
    ...d.cinemas.filter((c) => c.country === "FR" && c.chain === "ugc").slice(0, 5),
    ...pick("DK", 30),
  ];
}

const tzOf = (d: DemoData, country: string) => d.countries.find((c) => c.code === country)!.timeZone;

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localParts(iso: string, timeZone: string) {
  let f = localFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    localFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

beforeAll(async () => {
  data = await loadDemoData();
  all = generateShowtimes(inputFor(data, NOW));
}, 60_000);

describe("prng", () => {
  it("is deterministic for a seed", () => {
    const a = mulberry32(hashString("pathe-tuschinski:2026-11-22"));
    const b = mulberry32(hashString("pathe-tuschinski:2026-11-22"));
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of xs) expect(x).toBeLessThan(1);
  });
});

describe("time zones", () => {
  it("knows the offsets, including daylight saving time", () => {
    expect(timeZoneOffsetMinutes("Europe/Amsterdam", new Date("2026-01-15T12:00:00Z"))).toBe(60);
    expect(timeZoneOffsetMinutes("Europe/Amsterdam", new Date("2026-07-15T12:00:00Z"))).toBe(120);
    expect(timeZoneOffsetMinutes("Europe/London", new Date("2026-01-15T12:00:00Z"))).toBe(0);
  });

  it("puts a show before 03:00 on the previous listing day", () => {
    // 00:30 on Saturday 28 Nov in Amsterdam = 23:30Z on Friday
    expect(listingDateOf(new Date("2026-11-27T23:30:00Z"), "Europe/Amsterdam")).toBe("2026-11-27");
    // 03:00 local starts the new day
    expect(listingDateOf(new Date("2026-11-28T02:00:00Z"), "Europe/Amsterdam")).toBe("2026-11-28");
    expect(listingDateOf(new Date("2026-11-28T01:59:00Z"), "Europe/Amsterdam")).toBe("2026-11-27");
  });
});

describe("generateShowtimes", () => {
  it("is deterministic: same input, same output", () => {
    const cinemas = subset(data);
    const a = generateShowtimes(inputFor(data, NOW, cinemas));
    const b = generateShowtimes(inputFor(data, NOW, [...cinemas].reverse()));
    expect(a.length).toBeGreaterThan(1000);
    expect(b).toEqual(a);
  });

  it("depends on the cinemas only through their own rows (adding a cinema changes nothing else)", () => {
    const cinemas = subset(data);
    const a = generateShowtimes(inputFor(data, NOW, cinemas.slice(1)));
    const b = generateShowtimes(inputFor(data, NOW, cinemas)).filter(
      (s) => s.cinemaSlug !== cinemas[0]!.slug,
    );
    expect(b).toEqual(a);
  });

  it("keeps the whole demo within the volume budget", () => {
    expect(all.length).toBeGreaterThanOrEqual(100_000);
    expect(all.length).toBeLessThanOrEqual(200_000);
    const perCinema = new Map<string, number>();
    for (const s of all) perCinema.set(s.cinemaSlug, (perCinema.get(s.cinemaSlug) ?? 0) + 1);
    // village cinemas close some days and itinerant circuits play rarely, but nearly all play
    expect(perCinema.size).toBeGreaterThan(data.cinemas.length * 0.9);
    for (const count of perCinema.values()) expect(count).toBeLessThanOrEqual(14 * 10 * 7);
  });

  it("starts on today's listing day in each cinema's time zone and covers 14 days (France fewer)", () => {
    const dates = (country: string) =>
      [...new Set(all.filter((s) => s.countryCode === country).map((s) => s.listingDate))].sort();
    expect(dates("NL")[0]).toBe("2026-11-22");
    expect(dates("NL")).toHaveLength(14);
    expect(dates("DK")).toHaveLength(14);
    expect(dates("FR").length).toBeGreaterThanOrEqual(5);
    expect(dates("FR").length).toBeLessThanOrEqual(14);
    // 01:30 in Amsterdam on 22 Nov still belongs to the listing day of 21 Nov
    const early = generateShowtimes(
      inputFor(data, new Date("2026-11-22T00:30:00Z"), subset(data).slice(0, 3)),
    );
    expect(early[0]!.listingDate).toBe("2026-11-21");
  });

  it("follows the listing-day rule and generates some late shows", () => {
    let late = 0;
    const problems: string[] = [];
    for (const s of all) {
      const tz = tzOf(data, s.countryCode);
      if (listingDateOf(new Date(s.startsAt), tz) !== s.listingDate) problems.push(`listing ${s.sourceRef}`);
      const local = localParts(s.startsAt, tz);
      if (local.hour < LATE_LIMIT) {
        late++;
        if (!(local.date > s.listingDate)) problems.push(`late show on its own date ${s.sourceRef}`);
      } else if (local.date !== s.listingDate || local.hour < 9) {
        problems.push(`odd start ${s.sourceRef}`);
      }
      if (local.minute % 5 !== 0) problems.push(`not on a 5-minute mark ${s.sourceRef}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(late).toBeGreaterThan(0);
  });

  it("only references cinemas and movies that exist; only sneak previews are unlinked", () => {
    const cinemas = new Map(data.cinemas.map((c) => [c.slug, c]));
    const movies = new Set(data.movies.map((m) => m.slug));
    let sneaks = 0;
    const problems: string[] = [];
    for (const s of all) {
      const cinema = cinemas.get(s.cinemaSlug);
      if (!cinema) problems.push(`unknown cinema ${s.cinemaSlug}`);
      else if (s.countryCode !== cinema.country) problems.push(`country ${s.sourceRef}`);
      if (s.movieSlug === null) {
        sneaks++;
        if (!s.attributes.includes("sneak-preview")) problems.push(`unlinked ${s.sourceRef}`);
      } else if (!movies.has(s.movieSlug)) {
        problems.push(`unknown movie ${s.movieSlug}`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(sneaks).toBeGreaterThan(0);
  });

  it("derives availability from the seats", () => {
    const counts = { available: 0, "few-left": 0, "sold-out": 0 };
    const problems: string[] = [];
    for (const s of all) {
      counts[s.availability]++;
      const ok =
        Number.isInteger(s.seatsTotal) &&
        Number.isInteger(s.seatsAvailable) &&
        s.seatsTotal > 0 &&
        s.seatsAvailable >= 0 &&
        s.seatsAvailable <= s.seatsTotal &&
        (s.availability === "sold-out") === (s.seatsAvailable === 0) &&
        (s.availability !== "available" || s.seatsAvailable > 10) &&
        (s.availability !== "few-left" || s.seatsAvailable <= Math.max(10, Math.round(s.seatsTotal * 0.1)));
      if (!ok) problems.push(`${s.sourceRef}: ${s.seatsAvailable}/${s.seatsTotal} ${s.availability}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(counts["sold-out"]).toBeGreaterThan(0);
    expect(counts["few-left"]).toBeGreaterThan(0);
    expect(counts.available).toBeGreaterThan(all.length / 2);
  });

  it("has consistent times, prices, languages and attributes", () => {
    const codes = new Set(data.attributes.map((a) => a.code));
    const refs = new Set<string>();
    const movies = new Map(data.movies.map((m) => [m.slug, m]));
    const currency = new Map(data.countries.map((c) => [c.code, c.currency]));
    const problems: string[] = [];
    const check = (ok: boolean, what: string, s: GeneratedShowtime) => {
      if (!ok) problems.push(`${what}: ${s.sourceRef}`);
    };
    for (const s of all) {
      const start = Date.parse(s.startsAt);
      check(Date.parse(s.featureStartsAt) - start === ADS_MINUTES * 60000, "ads", s);
      const movie = s.movieSlug ? movies.get(s.movieSlug)! : null;
      if (movie)
        check(Date.parse(s.endsAt) - Date.parse(s.featureStartsAt) === movie.runtime! * 60000, "runtime", s);
      check(
        s.attributes.every((a) => codes.has(a)),
        "attribute codes",
        s,
      );
      check(new Set(s.attributes).size === s.attributes.length, "duplicate attributes", s);
      check(s.priceMin > 0 && s.priceMax >= s.priceMin, "prices", s);
      check(s.currency === currency.get(s.countryCode), "currency", s);
      check(s.status === "scheduled", "status", s);
      check(s.sourceRef.startsWith(`demo:${s.cinemaSlug}:`) && !refs.has(s.sourceRef), "source ref", s);
      refs.add(s.sourceRef);
      check(!s.attributes.includes("nl-subs") || s.subtitleLanguages.includes("nl"), "nl-subs", s);
      check(!s.attributes.includes("vost") || s.subtitleLanguages.includes("fr"), "vost", s);
      check(!s.attributes.includes("vf") || s.audioLanguage === "fr", "vf", s);
      check(!s.attributes.includes("nl-dubbed") || s.audioLanguage === "nl", "nl-dubbed", s);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it("never lists a showtime twice (same cinema, film, minute and attributes)", () => {
    const listed = new Map<string, string>();
    const twice: string[] = [];
    for (const s of all) {
      const key = `${s.cinemaSlug}|${s.movieSlug ?? s.feedTitle}|${s.startsAt}|${[...s.attributes].sort().join(",")}`;
      const first = listed.get(key);
      if (first) twice.push(`${first} and ${s.sourceRef}`);
      else listed.set(key, s.sourceRef);
    }
    expect(twice.slice(0, 5)).toEqual([]);
  });

  it("uses each country's conventions", () => {
    const attrs = (country: string) =>
      new Set(all.filter((s) => s.countryCode === country).flatMap((s) => s.attributes));
    const nl = attrs("NL");
    for (const a of ["ov", "nl-subs", "nl-dubbed", "3d", "imax", "sneak-preview", "ladies-night", "kids"])
      expect(nl).toContain(a);
    const fr = attrs("FR");
    for (const a of ["vf", "vost", "fr-subs"]) expect(fr).toContain(a);
    const dk = attrs("DK");
    for (const a of ["da-subs", "da-dubbed"]) expect(dk).toContain(a);
    expect(new Set(all.filter((s) => s.countryCode === "DK").map((s) => s.currency))).toEqual(
      new Set(["DKK"]),
    );
    // "now playing": a realistic number of distinct films
    const films = new Set(all.map((s) => s.movieSlug).filter(Boolean));
    expect(films.size).toBeGreaterThanOrEqual(30);
    expect(films.size).toBeLessThanOrEqual(60);
  });

  it("keeps local wall-clock times across a daylight-saving change", () => {
    const cinemas = data.cinemas.filter((c) => c.chain === "pathe" && c.country === "NL").slice(0, 3);
    const rows = generateShowtimes(inputFor(data, new Date("2026-10-20T10:00:00Z"), cinemas)); // DST ends 25 Oct
    const tz = "Europe/Amsterdam";
    const sundays = rows.filter((s) => s.listingDate === "2026-10-25" || s.listingDate === "2026-10-24");
    expect(sundays.length).toBeGreaterThan(0);
    for (const s of rows) {
      const local = localParts(s.startsAt, tz);
      expect(local.minute % 5).toBe(0);
      expect(listingDateOf(new Date(s.startsAt), tz)).toBe(s.listingDate);
      // the local time in the source ref matches the stored instant
      const refLocal = s.sourceRef.split(":").slice(2, 4).join(":");
      expect(refLocal).toBe(
        `${local.date}T${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`,
      );
    }
  });
});

/** Shows starting before this local hour are "late" (after midnight). */
const LATE_LIMIT = 3;
