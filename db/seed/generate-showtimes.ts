// Synthetic, deterministic showtimes for the demo dataset. Pure: no I/O, no clock, no Math.random.
//
// Given the cinemas, movies, attributes and the moment the seed runs, returns the showtimes of
// the coming listing days in each cinema's own time zone. The same input always gives the same
// output (seeded PRNG keyed by cinema, screen and programme week).
//
// Rules worth knowing:
// - A listing day runs from 03:00 to 03:00 local time: a show at 00:30 on Saturday night
//   belongs to Friday's listing (see `listingDateOf`).
// - The programme (which films, on which screen, at which times) is fixed per programme week
//   (Wednesday in France, Thursday elsewhere), like real cinemas; weekends open earlier and
//   run later than weekdays.
// - Volume is kept to roughly 100–200k rows for the full demo dataset: French venues get
//   `DEFAULT_DAYS_BY_COUNTRY.FR` days and slightly fewer shows per screen, multiplexes
//   schedule at most `MAX_SCREENS` screens.
import type { DemoAttribute, DemoCinema, DemoCountry, DemoMovie } from "./demo-data-types.ts";

export type GeneratorCinema = Pick<
  DemoCinema,
  "slug" | "name" | "chain" | "country" | "screens" | "seats" | "website" | "arthouse" | "itinerant"
> & {
  /** IANA zone; defaults to the country's */
  timeZone?: string;
};

export type GeneratorMovie = Pick<
  DemoMovie,
  | "slug"
  | "title"
  | "titleNl"
  | "year"
  | "releaseDate"
  | "runtime"
  | "genres"
  | "originalLanguage"
  | "popularity"
>;

export type ShowtimeGeneratorInput = {
  cinemas: GeneratorCinema[];
  movies: GeneratorMovie[];
  attributes: Pick<DemoAttribute, "code">[];
  countries: Pick<DemoCountry, "code" | "timeZone" | "currency">[];
  /** the moment the seed runs */
  now: Date;
  /** listing days per cinema, starting with today's listing day (default 14) */
  days?: number;
  /** per-country override of `days` (default { FR: 6 }) */
  daysByCountry?: Record<string, number>;
};

export type Availability = "available" | "few-left" | "sold-out";

export type GeneratedShowtime = {
  cinemaSlug: string;
  /** null for a sneak preview: the film is a secret, the feed row stays unlinked */
  movieSlug: string | null;
  countryCode: string;
  feedTitle: string;
  /** local listing day (YYYY-MM-DD); a show before 03:00 belongs to the previous day */
  listingDate: string;
  /** UTC ISO 8601 */
  startsAt: string;
  featureStartsAt: string;
  endsAt: string;
  auditorium: string;
  attributes: string[];
  audioLanguage: string | null;
  subtitleLanguages: string[];
  /** minor units */
  priceMin: number;
  priceMax: number;
  currency: string;
  seatsTotal: number;
  seatsAvailable: number;
  availability: Availability;
  status: "scheduled";
  /** demo:<cinema-slug>:<local ISO start>:<screen> */
  sourceRef: string;
};

/** Pre-show (ads and trailers) before the feature, in minutes. */
export const ADS_MINUTES = 15;
/** The listing day starts at this local hour. */
export const LISTING_DAY_START_HOUR = 3;
/** Multiplexes schedule at most this many screens (keeps the demo volume sane). */
export const MAX_SCREENS = 10;
const DEFAULT_RUNTIME = 105;
/**
 * France has 2,000+ venues (all of the CNC register) and publishes its programme a week at a
 * time: fewer listing days there keep the demo seed fast.
 */
export const DEFAULT_DAYS_BY_COUNTRY: Record<string, number> = { FR: 6 };

// ---------------------------------------------------------------------------------------------
// PRNG and hashing

/** 32-bit FNV-1a. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, good-enough seeded PRNG returning [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rngFor = (key: string) => mulberry32(hashString(key));

function pickWeighted<T>(items: readonly T[], weight: (item: T) => number, r: number): T {
  let total = 0;
  for (const it of items) total += weight(it);
  let x = r * total;
  for (const it of items) {
    x -= weight(it);
    if (x < 0) return it;
  }
  return items[items.length - 1]!;
}

/** Weighted sample without replacement (Efraimidis–Spirakis), deterministic for a given rng. */
function sampleWeighted<T>(
  items: readonly T[],
  weight: (item: T) => number,
  count: number,
  rng: () => number,
): T[] {
  return items
    .map((item, i) => ({ item, i, key: Math.log(Math.max(rng(), 1e-12)) / Math.max(weight(item), 1e-9) }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .slice(0, count)
    .map((x) => x.item);
}

// ---------------------------------------------------------------------------------------------
// Time zones (no library: Intl gives the offset)

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (Amsterdam in winter: 60). */
export function timeZoneOffsetMinutes(timeZone: string, instant: Date): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

const DAY_MS = 86_400_000;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The local listing day (YYYY-MM-DD) an instant belongs to: the local date of (instant − 3 h). */
export function listingDateOf(instant: Date, timeZone: string): string {
  const offset = timeZoneOffsetMinutes(timeZone, instant);
  return isoDate(instant.getTime() + offset * 60000 - LISTING_DAY_START_HOUR * 3600000);
}

function formatLocalIso(utcMs: number, offsetMinutes: number): string {
  const local = new Date(utcMs + offsetMinutes * 60000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Films: the "now playing" pools

type Film = GeneratorMovie & {
  weight: number;
  runtimeMinutes: number;
  family: boolean;
  spectacle: boolean;
  romcom: boolean;
};

const has = (m: GeneratorMovie, ...genres: string[]) => genres.some((g) => m.genres.includes(g));

function buildFilms(movies: GeneratorMovie[]): Film[] {
  const eligible = movies.filter(
    (m) =>
      m.originalLanguage !== null &&
      m.runtime !== null &&
      m.runtime >= 70 &&
      m.runtime <= 240 &&
      m.popularity > 0,
  );
  // recency within the dataset: newest release gets the highest factor
  const keys = eligible.map((m) => m.releaseDate ?? `${m.year}-07-01`).sort();
  const rank = (m: GeneratorMovie) => {
    const k = m.releaseDate ?? `${m.year}-07-01`;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return keys.length > 1 ? lo / (keys.length - 1) : 1;
  };
  return eligible.map((m) => {
    const classic = m.year < 2015;
    const recency = classic ? 0.35 : 0.5 + rank(m);
    return {
      ...m,
      weight: m.popularity * recency,
      runtimeMinutes: m.runtime ?? DEFAULT_RUNTIME,
      family: has(m, "animation", "family"),
      spectacle: has(m, "action", "science-fiction", "adventure", "fantasy") && m.popularity >= 30,
      romcom: has(m, "romance", "comedy") && !has(m, "horror"),
    };
  });
}

function arthouseWeight(f: Film): number {
  let w = f.popularity;
  if (f.originalLanguage !== "en") w *= 1.8;
  if (has(f, "drama", "documentary", "biography", "history")) w *= 1.4;
  if (f.spectacle || has(f, "horror")) w *= 0.3;
  return w;
}

type Pools = { mainstream: Film[]; arthouse: Film[] };

function buildPools(films: Film[], seedKey: string): Pools {
  const rng = rngFor(`now-playing:${seedKey}`);
  const mainstream = sampleWeighted(films, (f) => f.weight ** 1.5, 30, rng);
  // enough family films for the dubbed matinees
  for (const f of films.filter((x) => x.family).sort((a, b) => b.weight - a.weight)) {
    if (mainstream.filter((x) => x.family).length >= 5) break;
    if (!mainstream.includes(f)) mainstream.push(f);
  }
  const arthouse = sampleWeighted(films, (f) => arthouseWeight(f) ** 1.3, 16, rng);
  return { mainstream, arthouse };
}

// ---------------------------------------------------------------------------------------------
// Cinemas

type Kind = "multiplex" | "midsize" | "arthouse" | "village" | "itinerant";

type Venue = {
  c: GeneratorCinema;
  kind: Kind;
  timeZone: string;
  currency: string;
  screens: number;
  /** seats per scheduled screen, screen 1 largest */
  screenSeats: number[];
  days: number;
  language: string;
};

const countryLanguage: Record<string, string> = {
  NL: "nl",
  BE: "nl",
  FR: "fr",
  DK: "da",
  DE: "de",
  GB: "en",
  IE: "en",
};
const auditoriumWord: Record<string, string> = { NL: "Zaal", BE: "Zaal", FR: "Salle", DK: "Sal", DE: "Saal" };
const bigChains = new Set([
  "pathe",
  "kinepolis",
  "ugc",
  "cgr",
  "megarama",
  "vue-nl",
  "vue",
  "cinemaxx",
  "nordisk-film-biografer",
  "mk2",
  "cineville",
  "grand-ecran",
  "odeon",
  "cineworld",
  "cinestar",
]);

function kindOf(c: GeneratorCinema, screens: number): Kind {
  if (c.itinerant) return "itinerant";
  if (screens >= 6 || (c.chain && bigChains.has(c.chain) && screens >= 4)) return "multiplex";
  if (c.arthouse && screens >= 2) return "arthouse";
  if (screens <= 1) return "village";
  return c.arthouse && c.country !== "FR" ? "arthouse" : "midsize";
}

function buildVenue(
  c: GeneratorCinema,
  input: ShowtimeGeneratorInput,
  countries: Map<string, { timeZone: string; currency: string }>,
): Venue {
  const country = countries.get(c.country);
  if (!country) throw new Error(`cinema ${c.slug}: unknown country ${c.country}`);
  const rng = rngFor(`venue:${c.slug}`);
  const estimated =
    c.chain && bigChains.has(c.chain)
      ? 6 + Math.floor(rng() * 5)
      : c.arthouse
        ? 2 + Math.floor(rng() * 3)
        : 1 + Math.floor(rng() * 2);
  const screensReal = Math.max(1, c.screens ?? estimated);
  const kind = kindOf(c, screensReal);
  const screens = Math.min(screensReal, MAX_SCREENS);
  const perScreen = c.seats
    ? c.seats / screensReal
    : kind === "multiplex"
      ? 220
      : kind === "arthouse"
        ? 110
        : 160;
  // uneven auditoriums: screen 1 is the biggest
  const raw = Array.from(
    { length: screens },
    (_, i) => 1.6 - (1.1 * i) / Math.max(1, screens - 1) + rng() * 0.2,
  );
  const sum = raw.reduce((a, b) => a + b, 0);
  const screenSeats = raw.map((w) => Math.max(24, Math.round((perScreen * screens * w) / sum)));
  const maxDays = input.days ?? 14;
  const days = Math.min(maxDays, (input.daysByCountry ?? DEFAULT_DAYS_BY_COUNTRY)[c.country] ?? maxDays);
  return {
    c,
    kind,
    timeZone: c.timeZone ?? country.timeZone,
    currency: country.currency,
    screens,
    screenSeats,
    days,
    language: countryLanguage[c.country] ?? "en",
  };
}

// ---------------------------------------------------------------------------------------------
// Language versions and attributes

type Version = { attributes: string[]; audio: string | null; subs: string[]; suffix: string };

function versionFor(v: Venue, f: Film, r: number): Version {
  const lang = f.originalLanguage;
  const local = v.language;
  if (lang === local) return { attributes: [], audio: lang, subs: [], suffix: "" };
  const dubbedShare = f.family ? (v.kind === "arthouse" ? 0.2 : 0.75) : 0;
  switch (v.c.country) {
    case "FR": {
      const vf = f.family
        ? 0.95
        : v.kind === "arthouse" || v.c.arthouse
          ? 0.15
          : v.kind === "multiplex"
            ? 0.7
            : 0.8;
      if (r < vf) return { attributes: ["vf"], audio: "fr", subs: [], suffix: " (VF)" };
      return { attributes: ["vost", "fr-subs"], audio: lang, subs: ["fr"], suffix: " (VOST)" };
    }
    case "NL":
    case "BE":
      if (r < dubbedShare) return { attributes: ["nl-dubbed"], audio: "nl", subs: [], suffix: " (NL)" };
      if (v.kind === "arthouse" && lang !== "en" && r > 0.75)
        return { attributes: ["ov", "en-subs"], audio: lang, subs: ["en"], suffix: " (English subtitles)" };
      return { attributes: ["ov", "nl-subs"], audio: lang, subs: ["nl"], suffix: f.family ? " (OV)" : "" };
    case "DK":
      if (r < dubbedShare)
        return { attributes: ["da-dubbed"], audio: "da", subs: [], suffix: " (dansk tale)" };
      return {
        attributes: ["ov", "da-subs"],
        audio: lang,
        subs: ["da"],
        suffix: f.family ? " (original version)" : "",
      };
    default:
      return { attributes: ["ov"], audio: lang, subs: [], suffix: "" };
  }
}

function feedTitleFor(v: Venue, f: Film, version: Version, threeD: boolean): string {
  const dubbedNl = version.attributes.includes("nl-dubbed");
  const base = dubbedNl && f.titleNl ? f.titleNl : f.title;
  let suffix = version.suffix;
  if (v.c.chain === "pathe" && v.c.country === "NL") {
    if (suffix === " (NL)") suffix = " (Nederlandse versie)";
    else if (suffix === " (OV)") suffix = " (Originele versie)";
  }
  if (v.c.country === "FR" && v.kind !== "multiplex")
    suffix = version.attributes.includes("vost") ? " (VOST)" : "";
  return `${base}${threeD ? " 3D" : ""}${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// Prices (minor units)

function basePrice(v: Venue): number {
  const r = rngFor(`price:${v.c.slug}`)();
  const step = (lo: number, hi: number, unit: number) => Math.round((lo + r * (hi - lo)) / unit) * unit;
  switch (v.currency) {
    case "DKK":
      return v.kind === "multiplex" ? step(11500, 14500, 500) : step(8500, 11500, 500);
    case "GBP":
      return v.kind === "multiplex" ? step(1100, 1600, 50) : step(900, 1300, 50);
    default:
      if (v.c.country === "FR") {
        return v.kind === "multiplex"
          ? step(1150, 1450, 10)
          : v.kind === "village" || v.kind === "itinerant"
            ? step(550, 750, 10)
            : step(750, 1000, 10);
      }
      return v.kind === "multiplex" ? step(1250, 1650, 50) : step(1050, 1350, 50);
  }
}

const premiumSurcharge: Record<string, number> = {
  imax: 0.3,
  "dolby-cinema": 0.3,
  "4dx": 0.45,
  screenx: 0.25,
  "3d": 0.2,
};

// ---------------------------------------------------------------------------------------------
// Occupancy

function occupancy(
  startMinute: number,
  weekday: number,
  dayIndex: number,
  film: Film | null,
  r: number,
): number {
  const h = startMinute / 60;
  let base = h < 12 ? 0.2 : h < 17 ? 0.32 : h < 19 ? 0.5 : h < 21.5 ? 0.78 : h < 24 ? 0.55 : 0.4;
  const weekend = weekday === 5 || weekday === 6 || (weekday === 0 && h < 20);
  base *= weekend ? 1.45 : weekday === 3 ? 1.1 : 0.8;
  if (film) base *= 0.55 + Math.min(film.popularity, 110) / 90;
  base *= Math.max(0.15, 1 - dayIndex * 0.09); // far ahead: fewer tickets sold yet
  return Math.min(1, Math.max(0, base * (0.3 + r * r * 1.7)));
}

function availabilityOf(available: number, total: number): Availability {
  if (available <= 0) return "sold-out";
  if (available <= Math.max(10, Math.round(total * 0.1))) return "few-left";
  return "available";
}

// ---------------------------------------------------------------------------------------------
// Schedules

type Slot = {
  minute: number;
  film: Film;
  screen: number;
  version: Version;
  extra: string[];
  threeD: boolean;
  event?: "sneak" | "ladies";
};

/** Programme-week start: Wednesday (3) in France, Thursday (4) elsewhere. */
function programmeWeekKey(dateMs: number, country: string): string {
  const start = country === "FR" ? 3 : 4;
  const wd = new Date(dateMs).getUTCDay();
  return isoDate(dateMs - ((wd - start + 7) % 7) * DAY_MS);
}

const roundUp5 = (m: number) => Math.ceil(m / 5) * 5;

type Screen = {
  number: number;
  films: Film[];
  switchChance: number;
  opening: number;
  premium: string[];
  threeD: boolean;
  versionRoll: number;
};

function programme(v: Venue, pools: Pools, weekKey: string): { films: Film[]; screens: Screen[] } {
  const rng = rngFor(`programme:${v.c.slug}:${weekKey}`);
  const arthouseMix = v.kind === "arthouse" ? 0.85 : v.c.arthouse ? 0.45 : 0;
  const count =
    v.kind === "multiplex"
      ? Math.min(20, Math.round(v.screens * 1.4))
      : v.kind === "arthouse"
        ? 5 + Math.min(6, v.screens * 2)
        : v.kind === "midsize"
          ? 3 + v.screens * 2
          : v.kind === "village"
            ? 3 + Math.floor(rng() * 3)
            : 2;
  const localBoost = (f: Film) => (f.originalLanguage === v.language ? 3 : 1);
  const fromArthouse = Math.round(count * arthouseMix);
  const picked = new Set<Film>();
  for (const f of sampleWeighted(pools.arthouse, (f) => arthouseWeight(f) * localBoost(f), fromArthouse, rng))
    picked.add(f);
  for (const f of sampleWeighted(pools.mainstream, (f) => f.weight ** 1.3 * localBoost(f), count, rng)) {
    if (picked.size >= count) break;
    picked.add(f);
  }
  const films = [...picked].sort((a, b) => b.weight - a.weight || (a.slug < b.slug ? -1 : 1));

  const premiumRoll = rngFor(`premium:${v.c.slug}`);
  const premium: string[][] = Array.from({ length: v.screens }, () => []);
  if (v.kind === "multiplex" && v.screens >= 8) {
    if (premiumRoll() < 0.35) premium[0]!.push("imax");
    if (v.c.chain === "pathe" && premiumRoll() < 0.45) premium[1]!.push("dolby-cinema", "dolby-atmos");
    if (premiumRoll() < 0.25) premium[v.screens - 1]!.push("4dx");
    if (premiumRoll() < 0.15) premium[v.screens - 2]!.push("screenx");
  }
  if (v.kind === "multiplex" && premiumRoll() < 0.5) {
    const s = premium.findIndex((p) => p.length === 0);
    if (s >= 0) premium[s]!.push("dolby-atmos");
  }

  const spectacle = films.filter((f) => f.spectacle);
  const screens: Screen[] = [];
  for (let i = 0; i < v.screens; i++) {
    const p = premium[i]!;
    const isPremiumFormat = p.some((a) => a !== "dolby-atmos");
    const pool = isPremiumFormat && spectacle.length > 0 ? spectacle : films;
    const main = pickWeighted(pool, (f) => f.weight, rng());
    const second = pickWeighted(films, (f) => f.weight, rng());
    const threeD =
      !isPremiumFormat && v.kind === "multiplex" && (main.spectacle || main.family) && rng() < 0.2;
    screens.push({
      number: i + 1,
      films: main === second ? [main] : [main, second],
      switchChance: v.kind === "multiplex" ? 0.3 : 0.45,
      opening: Math.floor(rng() * 7) * 5 + i * 10,
      premium: p,
      threeD,
      versionRoll: rng(),
    });
  }
  return { films, screens };
}

function daySlots(v: Venue, pools: Pools, dateMs: number, dayIndex: number): Slot[] {
  const weekday = new Date(dateMs).getUTCDay(); // 0 Sunday … 6 Saturday
  const weekKey = programmeWeekKey(dateMs, v.c.country);
  const { films, screens } = programme(v, pools, weekKey);
  const rng = rngFor(`day:${v.c.slug}:${isoDate(dateMs)}`);
  const weekend = weekday === 0 || weekday === 6;
  const lateNight = weekday === 5 || weekday === 6;
  const kidsDay = weekend || weekday === 3;
  const slots: Slot[] = [];
  const add = (
    minute: number,
    film: Film,
    screen: number,
    versionRoll: number,
    threeD = false,
    premiumAttrs: string[] = [],
  ) => {
    const version = versionFor(v, film, versionRoll);
    const extra = [...premiumAttrs];
    if (threeD) extra.push("3d");
    if (film.family && kidsDay && minute < 13 * 60) extra.push("kids");
    slots.push({ minute, film, screen, version, extra, threeD });
  };

  if (v.kind === "itinerant") {
    // a travelling circuit: one evening show on about two days a week
    if (rngFor(`itinerant:${v.c.slug}:${isoDate(dateMs)}`)() < 0.28)
      add(20 * 60 + 30, films[Math.floor(rng() * films.length)]!, 1, rng());
    return slots;
  }

  if (v.kind === "village") {
    // closed on some weekdays; 1–3 shows when open
    const openChance = [0.95, 0.35, 0.3, 0.85, 0.45, 0.9, 0.95][weekday]!;
    if (rngFor(`open:${v.c.slug}:${weekKey}:${weekday}`)() >= openChance) return slots;
    const times = weekend
      ? [14 * 60 + 30, 17 * 60, 20 * 60 + 30]
      : weekday === 3
        ? [15 * 60, 20 * 60 + 30]
        : [20 * 60 + 30];
    const n = Math.max(1, Math.min(times.length, 1 + Math.floor(rng() * times.length)));
    const chosen = n === times.length ? times : times.slice(times.length - n);
    for (const t of chosen)
      add(
        t,
        pickWeighted(films, (f) => f.weight, rng()),
        1,
        rng(),
      );
    return slots;
  }

  const firstStart =
    v.kind === "multiplex"
      ? weekend || weekday === 3
        ? 10 * 60
        : 12 * 60 + 30
      : v.kind === "arthouse"
        ? weekend
          ? 12 * 60
          : 13 * 60 + 30
        : weekend || weekday === 3
          ? 14 * 60
          : 17 * 60 + 30;
  const lastStart =
    v.kind === "multiplex"
      ? lateNight
        ? 23 * 60 + 30
        : 22 * 60 + 30
      : v.kind === "arthouse"
        ? 22 * 60
        : 21 * 60 + 15;
  const fr = v.c.country === "FR";
  const maxShows = v.kind === "multiplex" ? (fr ? 5 : 6) : v.kind === "arthouse" ? (fr ? 3 : 4) : 3;

  for (const screen of screens) {
    const seq = rngFor(`screen:${v.c.slug}:${weekKey}:${screen.number}`);
    let t = firstStart + screen.opening;
    let film = screen.films[0]!;
    let shows = 0;
    while (t <= lastStart && shows < maxShows) {
      add(
        roundUp5(t),
        film,
        screen.number,
        screen.versionRoll,
        screen.threeD && film === screen.films[0],
        screen.premium,
      );
      shows++;
      t = roundUp5(t) + ADS_MINUTES + film.runtimeMinutes + 15 + Math.floor(seq() * 3) * 5;
      if (screen.films.length > 1 && seq() < screen.switchChance)
        film = film === screen.films[0] ? screen.films[1]! : screen.films[0]!;
    }
    // Friday / Saturday: a late show after midnight on some multiplex screens
    if (v.kind === "multiplex" && lateNight && t <= 24 * 60 + 45 && t > lastStart && seq() < 0.35) {
      add(roundUp5(Math.max(t, 24 * 60)), film, screen.number, screen.versionRoll, false, screen.premium);
    }
  }

  // events at Dutch chain multiplexes
  if (
    v.c.country === "NL" &&
    v.kind === "multiplex" &&
    (v.c.chain === "pathe" || v.c.chain === "kinepolis" || v.c.chain === "vue-nl")
  ) {
    if (weekday === 1 && v.c.chain !== "vue-nl") {
      slots.push({
        minute: 21 * 60 + 15,
        film: films[0]!,
        screen: v.screens,
        version: { attributes: [], audio: null, subs: [], suffix: "" },
        extra: ["sneak-preview"],
        threeD: false,
        event: "sneak",
      });
    }
    if (weekday === 4 && dayIndex < 7) {
      const romcom = films.find((f) => f.romcom) ?? pools.mainstream.find((f) => f.romcom);
      if (romcom) {
        slots.push({
          minute: 19 * 60 + 45,
          film: romcom,
          screen: Math.max(1, v.screens - 1),
          version: versionFor(v, romcom, 0.99),
          extra: ["ladies-night"],
          threeD: false,
          event: "ladies",
        });
      }
    }
  }
  // occasional Q&A at art-house cinemas
  if (v.kind === "arthouse" && slots.length > 0 && rngFor(`qa:${v.c.slug}:${isoDate(dateMs)}`)() < 0.08) {
    const evening = slots.filter((s) => s.minute >= 19 * 60 && s.minute <= 21 * 60);
    if (evening.length > 0) evening[0]!.extra.push("q-and-a");
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------

export function generateShowtimes(input: ShowtimeGeneratorInput): GeneratedShowtime[] {
  const known = new Set(input.attributes.map((a) => a.code));
  const countries = new Map(input.countries.map((c) => [c.code, c]));
  const films = buildFilms(input.movies);
  if (films.length === 0) return [];
  const pools = buildPools(films, isoDate(input.now.getTime()));
  const out: GeneratedShowtime[] = [];

  const cinemas = [...input.cinemas].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const c of cinemas) {
    const v = buildVenue(c, input, countries);
    const firstListing = Date.parse(`${listingDateOf(input.now, v.timeZone)}T00:00:00Z`);
    const base = basePrice(v);
    const word = auditoriumWord[c.country] ?? "Screen";
    for (let day = 0; day < v.days; day++) {
      const dateMs = firstListing + day * DAY_MS;
      const date = isoDate(dateMs);
      // one offset per listing day: shows run 03:00–02:00 local, DST switches happen at 02:00/03:00
      const offset = timeZoneOffsetMinutes(v.timeZone, new Date(dateMs + 12 * 3600000));
      const weekday = new Date(dateMs).getUTCDay();
      const rng = rngFor(`seats:${c.slug}:${date}`);
      const slots = daySlots(v, pools, dateMs, day).sort(
        (a, b) => a.minute - b.minute || a.screen - b.screen,
      );
      const seen = new Set<string>();
      const listed = new Set<string>();
      for (const s of slots) {
        const startMs = dateMs + s.minute * 60000 - offset * 60000;
        const localIso = formatLocalIso(startMs, offset);
        const ref = `demo:${c.slug}:${localIso}:${s.screen}`;
        if (seen.has(ref)) continue;
        seen.add(ref);
        const runtime = s.event === "sneak" ? 120 : s.film.runtimeMinutes;
        const extra = [...s.extra];
        let subs = s.version.subs;
        if (!s.event && v.kind !== "village" && v.kind !== "itinerant") {
          if (rng() < 0.03) extra.push("audio-description");
          // open captions for the deaf and hard of hearing, on local-language films
          if (s.film.originalLanguage === v.language && s.version.subs.length === 0 && rng() < 0.06) {
            extra.push("subtitled-for-deaf");
            subs = [v.language];
          }
        }
        const attributes = [...new Set([...extra, ...s.version.attributes])].filter((a) => known.has(a));
        // Two screens starting the same film at the same minute with the same attributes read as one
        // showtime listed twice: the later screen's is dropped.
        const listing = `${s.event === "sneak" ? "sneak" : s.film.slug}|${startMs}|${[...attributes].sort().join(",")}`;
        if (listed.has(listing)) continue;
        listed.add(listing);
        const total = v.screenSeats[s.screen - 1] ?? v.screenSeats[0]!;
        let occ = occupancy(s.minute, weekday, day, s.event === "sneak" ? null : s.film, rng());
        if (s.event) occ = Math.max(occ, 0.8 + rng() * 0.2);
        const available = Math.max(0, total - Math.round(total * occ));
        const surcharge = attributes.reduce((acc, a) => acc + (premiumSurcharge[a] ?? 0), 0);
        let priceMax = Math.round((base * (1 + surcharge)) / 10) * 10;
        let priceMin = Math.round((base * 0.75) / 10) * 10;
        if (s.event === "ladies") priceMin = priceMax = Math.round((base * 1.5) / 50) * 50;
        if (attributes.includes("kids")) priceMin = Math.round((base * 0.6) / 10) * 10;
        priceMax = Math.max(priceMax, priceMin);
        const auditorium = s.extra.includes("imax")
          ? `${word} ${s.screen} (IMAX)`
          : s.extra.includes("4dx")
            ? `${word} ${s.screen} (4DX)`
            : `${word} ${s.screen}`;
        out.push({
          cinemaSlug: c.slug,
          movieSlug: s.event === "sneak" ? null : s.film.slug,
          countryCode: c.country,
          feedTitle:
            s.event === "sneak"
              ? "Sneak Preview"
              : s.event === "ladies"
                ? `Ladies Night: ${feedTitleFor(v, s.film, s.version, false)}`
                : feedTitleFor(v, s.film, s.version, s.threeD),
          listingDate: date,
          startsAt: new Date(startMs).toISOString(),
          featureStartsAt: new Date(startMs + ADS_MINUTES * 60000).toISOString(),
          endsAt: new Date(startMs + (ADS_MINUTES + runtime) * 60000).toISOString(),
          auditorium,
          attributes,
          audioLanguage: s.version.audio,
          subtitleLanguages: subs,
          priceMin,
          priceMax,
          currency: v.currency,
          seatsTotal: total,
          seatsAvailable: available,
          availability: availabilityOf(available, total),
          status: "scheduled",
          sourceRef: ref,
        });
      }
    }
  }
  return out;
}
